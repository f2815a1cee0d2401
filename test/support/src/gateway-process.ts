import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { repoRoot, SERVE_ARGS, serveEnv } from './serve-mcp-process.js';

/** `toolsift gateway` from source: the command line every gateway test starts it with. */
export const GATEWAY_ARGS = [...SERVE_ARGS.slice(0, -2), 'gateway'];

/** The reference MCP servers this package installs (`@modelcontextprotocol/<name>`; the last five are archived). */
export type ReferenceServerName =
  | 'server-filesystem'
  | 'server-memory'
  | 'server-everything'
  | 'server-sequential-thinking'
  | 'server-github'
  | 'server-slack'
  | 'server-postgres'
  | 'server-puppeteer'
  | 'server-brave-search';

/** The entry script of a reference MCP server this package installs (its package's `bin`). */
export function referenceServer(name: ReferenceServerName): string {
  const folder = path.join(import.meta.dirname, '..', 'node_modules', '@modelcontextprotocol', name);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  const [entry] = Object.values(manifest.bin);
  return path.join(folder, entry ?? 'dist/index.js');
}

/** A stdio upstream entry (as a config file holds it) that runs a node script with this Node. */
export function nodeServer(script: string, args: readonly string[] = [], env: Record<string, string> = {}) {
  return { command: process.execPath, args: [script, ...args], env };
}

/** The reference filesystem server over a new `project` folder in `folder` holding `notes.txt` with `notes`. */
export async function notesFilesystemServer(folder: string, notes: string) {
  const project = path.join(folder, 'project');
  await mkdir(project);
  await writeFile(path.join(project, 'notes.txt'), notes);
  return nodeServer(referenceServer('server-filesystem'), [project]);
}

/** The folder of the small stdio MCP servers the gateway tests start (growing, stalling, flooding, ...). */
export const GATEWAY_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/gateway');

/** Write an `mcpServers` config file; returns its path. */
export async function writeConfig(folder: string, servers: Record<string, unknown>): Promise<string> {
  const file = path.join(folder, 'mcp.json');
  await writeFile(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

/** The gateway over stdio, driven by the SDK client; its stderr is collected. */
export async function connectStdioGateway(options: {
  args: readonly string[];
  env?: Record<string, string>;
}): Promise<{ client: Client; stderr: () => string; pid: number }> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...GATEWAY_ARGS, ...options.args],
    cwd: repoRoot,
    env: serveEnv(options.env),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, pid: transport.pid ?? 0 };
}

/** The gateway over HTTP as a process: resolves with its URL once it serves (it prints the URL on stderr). */
export async function startHttpGateway(options: {
  args: readonly string[];
  env?: Record<string, string>;
}): Promise<{ url: URL; process: ChildProcess; stderr: () => string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...GATEWAY_ARGS, ...options.args, '--http', '0'], {
    cwd: repoRoot,
    env: serveEnv(options.env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving MCP on (\S+)/.exec(stderr);
      if (found?.[1] !== undefined) resolve(new URL(found[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`the gateway exited (${code}) before serving:\n${stderr}`)),
    );
  });
  return {
    url,
    process: child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An SDK client connected to an HTTP gateway. */
export async function connectHttpClient(url: URL, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(url, {
    ...(token !== undefined ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'gateway-http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The qualified names of the tools a `search_tools` result holds, best first. */
export function toolNames(result: unknown): string[] {
  const { structuredContent } = result as { structuredContent: { tools: Array<{ name: string }> } };
  return structuredContent.tools.map((tool) => tool.name);
}

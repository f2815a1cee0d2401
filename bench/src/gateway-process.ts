// Starting `toolsift gateway` from source for the bench, over stdio or Streamable HTTP, and talking to it with
// the SDK client as an agent does.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { repoRoot } from './bench-datasets.js';

/** The name `call_tool` takes for an upstream's tool (as `search_tools` returns it). */
export function qualifiedName(server: string, tool: string): string {
  return `${server}__${tool}`;
}

/** Whether this checkout has a `toolsift gateway` command (the bench measures the upstreams alone otherwise). */
export function hasGatewayCommand(): boolean {
  return hasGatewayOption('--config');
}

/** Whether `toolsift gateway --help` lists `option` (an option another change is adding may not be there yet). */
export function hasGatewayOption(option: string): boolean {
  const help = spawnSync(process.execPath, [...GATEWAY_COMMAND, '--help'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return help.status === 0 && new RegExp(`${option}\\b`).test(`${help.stdout}${help.stderr}`);
}

/** A server the bench started: its process id (for its memory), its stderr's tail, and how to stop it. */
export interface RunningServer {
  pid: number;
  stderrTail(): string;
  stop(): Promise<void>;
}

/** The gateway over stdio, with an SDK client connected to it. */
export async function startStdioGateway(options: {
  config: string;
  indexDir: string;
  /** More options of `toolsift gateway`. */
  args?: readonly string[];
  /** Every chunk of the gateway's stderr, as it comes (the tail keeps only the last 4 kB). */
  onStderr?: (text: string) => void;
}): Promise<RunningServer & { client: Client }> {
  const stderr = tail();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      ...GATEWAY_COMMAND,
      '--config',
      options.config,
      '--index-dir',
      options.indexDir,
      ...(options.args ?? []),
    ],
    cwd: repoRoot,
    env: serverEnv(),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr.add(chunk);
    options.onStderr?.(chunk.toString());
  });
  const client = new Client({ name: 'gateway-bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0, stderrTail: stderr.read, stop: () => client.close() };
}

/**
 * The gateway over Streamable HTTP on a port it picks (`--http 0`) of 127.0.0.1, requiring `token` (passed in
 * TOOLSIFT_GATEWAY_TOKEN, not on the command line, where `ps` would show it); resolves once it listens.
 */
export async function startHttpGateway(options: {
  config: string;
  indexDir: string;
  token: string;
}): Promise<RunningServer & { url: string }> {
  const stderr = tail();
  const child = spawn(
    process.execPath,
    [
      ...GATEWAY_COMMAND,
      '--config',
      options.config,
      '--index-dir',
      options.indexDir,
      '--http',
      '0',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: repoRoot,
      env: { ...serverEnv(), TOOLSIFT_GATEWAY_TOKEN: options.token },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const url = new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.add(chunk);
      seen += chunk.toString();
      const match = /serving MCP on (http:\/\/\S+)/.exec(seen);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the gateway exited with ${code} before listening:\n${stderr.read()}`)),
    );
  });
  const timeout = setTimeout(() => void stopChild(child), LISTEN_TIMEOUT_MS);
  try {
    return { url: await url, pid: child.pid ?? 0, stderrTail: stderr.read, stop: () => stopChild(child) };
  } finally {
    clearTimeout(timeout);
  }
}

/** A Node process (`args` after the node executable) that serves HTTP on `port`; resolves once it listens. */
export async function startHttpServer(options: {
  args: readonly string[];
  env: Record<string, string>;
  port: number;
}): Promise<RunningServer> {
  const stderr = tail();
  const child = spawn(process.execPath, options.args, {
    cwd: repoRoot,
    env: options.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', stderr.add);
  await waitForPort(options.port, child, stderr.read);
  return { pid: child.pid ?? 0, stderrTail: stderr.read, stop: () => stopChild(child) };
}

/** An SDK client connected over Streamable HTTP, with the bearer token when there is one. */
export async function connectHttpClient(options: {
  url: string;
  token?: string;
  name: string;
}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(
    new URL(options.url),
    options.token === undefined
      ? {}
      : { requestInit: { headers: { Authorization: `Bearer ${options.token}` } } },
  );
  const client = new Client({ name: options.name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** `search_tools` through the gateway; throws on a tool error. `timeout` covers a first search that waits for indexing. */
export async function searchTools(
  client: Client,
  query: string,
  options: { k?: number; timeoutMs?: number } = {},
): Promise<CallToolResult> {
  const result = (await client.callTool(
    { name: 'search_tools', arguments: { query, k: options.k ?? 5 } },
    undefined,
    { timeout: options.timeoutMs ?? 60_000 },
  )) as CallToolResult;
  if (result.isError === true) throw new Error(`search_tools failed: ${textOf(result)}`);
  return result;
}

/** `call_tool` through the gateway; throws on a tool error (the upstream's or the gateway's). */
export async function callThroughGateway(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const result = (await client.callTool({
    name: 'call_tool',
    arguments: { name, arguments: args },
  })) as CallToolResult;
  if (result.isError === true) throw new Error(`call_tool ${name} failed: ${textOf(result)}`);
  return result;
}

/** The text parts of a tool result, joined. */
export function textOf(result: CallToolResult): string {
  return result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
    .join('\n')
    .slice(0, 500);
}

/** Resident memory of a process in MB, from /proc (undefined where there is none). */
export async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

/** The environment of a started server: this process's, so the model cache and PATH are the user's. */
export function serverEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** A TCP port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// --- internal ---

/** How long a server may take to listen (Node start, imports). */
const LISTEN_TIMEOUT_MS = 120_000;

const GATEWAY_COMMAND = [
  '--import',
  'tsx/esm',
  '--conditions=@toolsift/source',
  path.join(repoRoot, 'packages', 'cli', 'src', 'bin.ts'),
  'gateway',
];

/** The last 4 kB of a stream, for error messages. */
function tail(): { add: (chunk: Buffer) => void; read: () => string } {
  let text = '';
  return {
    add: (chunk) => {
      text = (text + chunk.toString()).slice(-4096);
    },
    read: () => text,
  };
}

/** Poll until something accepts connections on the port; fail if the gateway exits first or after 2 minutes. */
async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = performance.now() + LISTEN_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the gateway exited with ${child.exitCode} before listening:\n${stderr()}`);
    }
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopChild(child);
  throw new Error(`the gateway did not listen on ${port} within 2 minutes:\n${stderr()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// The upstream MCP servers of the gateway bench (real servers from npm and the many-tools fixture), how to
// start them, and the `mcpServers` configuration file a gateway reads them from.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot } from './bench-datasets.js';
import { freePort, type RunningServer, serverEnv, startHttpServer } from './gateway-process.js';

/** How to start a stdio MCP server, as one entry of a Claude Desktop `mcpServers` configuration. */
export interface StdioServer {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** `@modelcontextprotocol/server-everything` over stdio (its `echo` tool answers at once). */
export function everythingServer(): StdioServer {
  return { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'] };
}

/** `@modelcontextprotocol/server-filesystem` serving one folder. */
export function filesystemServer(folder: string): StdioServer {
  return { command: process.execPath, args: [binOf('@modelcontextprotocol/server-filesystem'), folder] };
}

/**
 * The many-tools fixture (bench/src/many-tools-server.ts) serving `count` real tool definitions: from
 * metadata/ and the public bench catalogs, or with `isOursOnly` from metadata/ alone.
 */
export function manyToolsServer(count: number, options: { isOursOnly?: boolean } = {}): StdioServer {
  return {
    command: process.execPath,
    args: [
      '--import',
      'tsx/esm',
      '--conditions=@toolsift/source',
      path.join(import.meta.dirname, 'many-tools-server.ts'),
      String(count),
      ...(options.isOursOnly === true ? ['ours'] : []),
    ],
  };
}

/** server-everything over Streamable HTTP on a free port (the baseline of the gateway's HTTP load). */
export async function startEverythingHttp(): Promise<RunningServer & { url: string }> {
  const port = await freePort();
  const server = await startHttpServer({
    args: [binOf('@modelcontextprotocol/server-everything'), 'streamableHttp'],
    env: { ...serverEnv(), PORT: String(port) },
    port,
  });
  return { ...server, url: `http://127.0.0.1:${port}/mcp` };
}

/** Write `{ "mcpServers": servers }` to a new temporary folder and return the file's path. */
export async function writeGatewayConfig(servers: Record<string, StdioServer>): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'toolsift-gateway-bench-')), 'mcp-servers.json');
  await writeFile(file, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  return file;
}

/** An SDK client connected straight to an upstream over stdio (the baseline a gateway call is compared with). */
export async function connectUpstream(server: StdioServer): Promise<Client> {
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    cwd: repoRoot,
    ...(server.env === undefined ? {} : { env: server.env }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2048);
  });
  const client = new Client({ name: 'gateway-bench-direct', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    const reason = stderr.split('\n').find((line) => /error/i.test(line)) ?? stderr.trim().split('\n').at(-1);
    throw new Error(`the upstream did not start: ${reason ?? String(error)}`, {
      cause: error,
    });
  }
  return client;
}

// --- internal ---

const require = createRequire(import.meta.url);

/** The file a package's `bin` points to, resolved from the test package (where the servers are installed). */
function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  const file = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (file === undefined) throw new Error(`gateway bench: ${name} declares no bin`);
  return path.join(path.dirname(manifest), file);
}

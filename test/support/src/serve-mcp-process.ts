import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SHARED_TEST_CACHE_DIR } from './test-cache-dir.js';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `toolsift serve --mcp` from source, as a process: the command line every MCP test starts it with. */
export const SERVE_ARGS = [
  '--import',
  'tsx/esm',
  '--conditions=@toolsift/source',
  'packages/cli/src/bin.ts',
  'serve',
  '--mcp',
];

/** The server's environment: nothing of the test runner's but PATH and HOME, the shared model cache, `extra`. */
export function serveEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR,
    ...extra,
  };
}

/** The environment to serve the project catalog in: the weather tools need a key to run, and tests look for them. */
export const CATALOG_ENV = serveEnv({ OPENWEATHER_API_KEY: 'set-for-the-test' });

/**
 * Start the server with `args` and connect the SDK client over stdio; its stderr and the client's transport
 * errors (anything on stdout that is not JSON-RPC) are collected. Waits for the catalog to load (the server
 * answers `initialize` at once and loads meanwhile), so that no test pays for it.
 */
export async function connectServer(options: {
  args: readonly string[];
  env: Record<string, string>;
  name: string;
}): Promise<{ client: Client; stderr: () => string; transportErrors: Error[] }> {
  let stderr = '';
  const transportErrors: Error[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...SERVE_ARGS, ...options.args],
    cwd: repoRoot,
    env: options.env,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: options.name, version: '1.0.0' });
  client.onerror = (error) => transportErrors.push(error);
  await client.connect(transport);
  await client.callTool({ name: 'search_tools', arguments: { query: 'warm up', k: 1 } });
  return { client, stderr: () => stderr, transportErrors };
}

/** JSON-RPC over a child's stdio, one line at a time. */
export function rawSession(server: ChildProcessWithoutNullStreams) {
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  return {
    write: (text: string) => server.stdin.write(text),
    send: (message: unknown) => server.stdin.write(`${JSON.stringify(message)}\n`),
    async next(): Promise<unknown> {
      const { value, done } = await lines.next();
      if (done === true) throw new Error(`the server closed stdout; stderr: ${stderr}`);
      return JSON.parse(value);
    },
    stderr: () => stderr,
  };
}

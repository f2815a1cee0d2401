import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CATALOG_ENV,
  connectServer,
  rawSession,
  repoRoot,
  SERVE_ARGS,
} from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// Oversized and malformed requests to `toolsift serve --mcp`: each gets an error reply and the
// server answers the next request. Real processes: the SDK client for what it can send, raw lines for the rest.
const SERVE_CATALOG = ['--catalog', 'metadata'];
/** The SDK's stdio limit, which the server keeps: a longer line is not read. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

const indexDir = tempFolder('toolsift-mcp-limits-');
let client: Client;
let stderr: () => string;
let transportErrors: Error[];

beforeAll(async () => {
  ({ client, stderr, transportErrors } = await connectServer({
    args: [...SERVE_CATALOG, '--index-dir', indexDir],
    env: CATALOG_ENV,
    name: 'toolsift-e2e-limits',
  }));
});

afterAll(async () => {
  await client?.close();
});

describe('toolsift serve --mcp with oversized requests (SDK client over stdio)', () => {
  test('a 10,000,000-character search_tools query is a tool error, and the next call is answered', async () => {
    const result = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'weather '.repeat(1_250_000) },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatchInlineSnapshot(
      `"MCP error -32602: Input validation error: Invalid arguments for tool search_tools: Too big: expected string to have <=100000 characters at query"`,
    );
    await expectServed();
  });

  test('a 10,000,000-character get_tool id is a tool error, and the next call is answered', async () => {
    const result = await client.callTool({ name: 'get_tool', arguments: { id: 'x'.repeat(10_000_000) } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatchInlineSnapshot(
      `"MCP error -32602: Input validation error: Invalid arguments for tool get_tool: Too big: expected string to have <=256 characters at id"`,
    );
    await expectServed();
  });

  test('a query longer than the selector reads is served from its start and end, with a PROMPT_TRUNCATED warning', async () => {
    const query = `what's the weather in Paris right now? ${'and then some more words '.repeat(2000)}`;
    const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 3 } });
    expect(result.isError).not.toBe(true);
    const structured = result.structuredContent as {
      tools: Array<{ id: string }>;
      warnings: Array<{ code: string }>;
    };
    expect(structured.tools.map((tool) => tool.id)).toContain('get_current_weather');
    expect(structured.warnings.map((warning) => warning.code)).toContain('PROMPT_TRUNCATED');
  });

  test('a message over 10 MiB gets an Invalid Request error for its id, and the next call is answered', async () => {
    const query = 'weather '.repeat(MAX_LINE_BYTES / 8 + 1000);
    await expect(client.callTool({ name: 'search_tools', arguments: { query } })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringMatching(
        /^MCP error -32600: Request too large: the message has [\d,]+ bytes; the server reads at most 10,485,760 per message\.$/,
      ),
    });
    await expectServed();
  });

  test('nothing but protocol on stdout, nothing on stderr', () => {
    expect(transportErrors).toEqual([]);
    expect(stderr()).toBe('');
  });
});

describe('toolsift serve --mcp with lines that are no message (raw stdio)', () => {
  test('each gets an error reply, the session goes on, and the server exits 0 when stdin ends', async () => {
    const server = spawn(process.execPath, [...SERVE_ARGS, ...SERVE_CATALOG, '--index-dir', indexDir], {
      cwd: repoRoot,
      env: CATALOG_ENV,
    });
    const session = rawSession(server);
    session.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(await session.next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'toolsift' } } });
    session.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    session.write('this is not JSON\n');
    // No id can be read from it: JSON-RPC 2.0 answers with "id": null.
    expect(await session.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the message is not JSON.' },
    });
    session.write('{"id": 2, "hello": "world"}\n');
    expect(await session.next()).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32600 } });
    // The id first, as other clients write it, and an "id" inside the params that is not the request's.
    const huge = 'x'.repeat(MAX_LINE_BYTES);
    session.write(
      `{"jsonrpc":"2.0","id":"big-1","method":"tools/call","params":{"name":"get_tool","arguments":{"id":"${huge}"}}}\n`,
    );
    expect(await session.next()).toMatchObject({ jsonrpc: '2.0', id: 'big-1', error: { code: -32600 } });

    session.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(await session.next()).toMatchObject({ id: 3, result: { tools: expect.any(Array) } });
    server.stdin.end();
    const [code] = await once(server, 'exit');
    expect(code).toBe(0);
    expect(session.stderr()).toBe('');
  });
});

// --- internal ---

async function expectServed(): Promise<void> {
  const result = await client.callTool({
    name: 'search_tools',
    arguments: { query: "what's the weather in Paris?", k: 3 },
  });
  expect(result.isError).not.toBe(true);
  const { tools } = result.structuredContent as { tools: Array<{ id: string }> };
  expect(tools.map((tool) => tool.id)).toContain('get_current_weather');
}

function textOf(result: Record<string, unknown>): string {
  return (result.content as Array<{ text: string }>)[0]?.text ?? '';
}

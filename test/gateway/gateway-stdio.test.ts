import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  GATEWAY_FIXTURES,
  nodeServer,
  notesFilesystemServer,
  referenceServer,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { childPid } from './upstream-pid.js';

// Real upstreams: the reference filesystem server rooted at a temporary project folder, the reference memory
// server, and one that cannot start (it prints its token to stderr and exits).
const SECRET = 'tok-9f8e7d6c5b4a-secret';
const QUERY = 'read the file notes.txt in my project folder';
const NOTES = 'Buy milk.\nCall Ada about the Q3 report.\n';

const folder = tempFolder('toolsift-gateway-stdio-');
let client: Client;
let stderr: () => string;
let gatewayPid: number;

interface Hit {
  name: string;
  server: string;
  tool: string;
  definition: { name: string; inputSchema: { type: string } };
}

beforeAll(async () => {
  const filesystem = await notesFilesystemServer(folder, NOTES);
  const config = await writeConfig(folder, {
    filesystem,
    memory: nodeServer(referenceServer('server-memory'), [], {
      MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
      MEMORY_API_KEY: SECRET,
    }),
    broken: nodeServer(path.join(GATEWAY_FIXTURES, 'failing-server.mjs'), [], {
      FAILING_TOKEN: SECRET,
    }),
  });
  ({
    client,
    stderr,
    pid: gatewayPid,
  } = await connectStdioGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index')],
  }));
});

afterAll(async () => {
  await client?.close();
});

async function search(query: string, k = 5): Promise<{ tools: Hit[]; unavailable: Array<{ name: string }> }> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k } });
  expect(result.isError).not.toBe(true);
  return result.structuredContent as { tools: Hit[]; unavailable: Array<{ name: string }> };
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
}

describe('toolsift gateway over stdio, in front of real MCP servers', () => {
  test('lists search_tools and call_tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['query'] });
    expect(tools[1]?.inputSchema).toMatchObject({ type: 'object', required: ['name'] });
  });

  test("search_tools finds the filesystem's read_text_file for a request to read a file", async () => {
    const { tools } = await search(QUERY);
    const read = tools.find((tool) => tool.name === 'filesystem__read_text_file');
    expect(read).toMatchObject({
      server: 'filesystem',
      tool: 'read_text_file',
      definition: { name: 'filesystem__read_text_file', inputSchema: { type: 'object' } },
    });
    for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  test('search_tools finds the memory server’s tools for a memory task', async () => {
    const { tools } = await search('remember that Ada works at Acme, in the knowledge graph');
    expect(tools.some((tool) => tool.server === 'memory')).toBe(true);
  });

  test("call_tool returns the real file's content", async () => {
    const result = await client.callTool({
      name: 'call_tool',
      arguments: {
        name: 'filesystem__read_text_file',
        arguments: { path: path.join(folder, 'project', 'notes.txt') },
      },
    });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toBe(NOTES);
  });

  test("an upstream's own error comes back as its tool error", async () => {
    const result = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'filesystem__read_text_file', arguments: { path: '/etc/hostname' } },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Access denied|outside allowed/i);
  });

  test('an unknown name and bad arguments are tool errors that say what is wrong', async () => {
    const unknown = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'filesystem__launch_rocket' },
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe(
      'No upstream tool is named "filesystem__launch_rocket". Names are <server>__<tool>, as search_tools returns them.',
    );
    const bad = await client.callTool({ name: 'call_tool', arguments: { name: 'x', args: {} } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      'MCP error -32602: Input validation error: Invalid arguments for tool call_tool: unknown argument "args" (did you mean "arguments"?) for call_tool; its arguments are name, arguments',
    );
  });

  test('a server that cannot start is reported with its name and stderr, its secret masked; a call to it fails fast', async () => {
    expect(stderr()).toContain('upstream "broken" could not be started or reached');
    expect(stderr()).toContain('fatal: the database is unreachable');
    expect(stderr()).toContain('starting with token ***');
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'broken__anything' } });
    expect(result.isError).toBe(true);
    // Between two attempts the reason says when the next one starts; during one, only what went wrong last.
    expect(textOf(result)).toMatch(
      /^The upstream server "broken" is not available: it could not be started or reached: MCP error -32000: Connection closed(; retrying in \d+ m?s)?\. Tools of the other servers still work\.$/,
    );
  });

  test('killing an upstream leaves the gateway serving the other, and the killed one comes back', async () => {
    const memoryPid = await childPid(gatewayPid, 'server-memory');
    expect(memoryPid).toBeDefined();
    process.kill(memoryPid!, 'SIGKILL');
    await expect
      .poll(() => stderr(), { timeout: 30_000 })
      .toContain('upstream "memory" closed its connection');

    const { tools } = await search(QUERY);
    expect(tools.map((tool) => tool.name)).toContain('filesystem__read_text_file');
    const read = await client.callTool({
      name: 'call_tool',
      arguments: {
        name: 'filesystem__read_text_file',
        arguments: { path: path.join(folder, 'project', 'notes.txt') },
      },
    });
    expect(textOf(read)).toBe(NOTES);

    // Retried with backoff: it connects again and its tools answer.
    await expect
      .poll(() => stderr().split('upstream "memory" connected').length, { timeout: 60_000 })
      .toBe(3);
    const graph = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'memory__read_graph', arguments: {} },
    });
    expect(graph.isError).not.toBe(true);
    expect(await childPid(gatewayPid, 'server-memory')).not.toBe(memoryPid);
  });

  test('no configured secret is ever printed', () => {
    expect(stderr()).not.toContain(SECRET);
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Selector } from '@toolsift/selector';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectInMemory } from './connect-in-memory.js';

// Tool arguments are checked before a call reaches the selector, so the selector here never loads: a call that got
// past the checks would wait for it, and time the test out.
let client: Client;
beforeAll(async () => {
  client = await connectInMemory(new Promise<Selector>(() => undefined), 'toolsift-arguments');
});
afterAll(async () => {
  await client?.close();
});

const PREFIX = 'MCP error -32602: Input validation error: Invalid arguments for tool';

describe('MCP tool arguments', () => {
  test.each([
    [{ query: 'weather', k: 0 }, 'search_tools: k must be a whole number from 1 to 50, got 0 at k'],
    [{ query: 'weather', k: -1 }, 'search_tools: k must be a whole number from 1 to 50, got -1 at k'],
    [
      { query: 'weather', k: 1e9 },
      'search_tools: k must be a whole number from 1 to 50, got 1000000000 at k',
    ],
    [{ query: 'weather', k: 2.5 }, 'search_tools: k must be a whole number from 1 to 50, got 2.5 at k'],
    [{ query: 'weather', k: '3' }, 'search_tools: k must be a whole number from 1 to 50, got a string at k'],
    [{ query: 'weather', k: null }, 'search_tools: k must be a whole number from 1 to 50, got null at k'],
    [
      { query: 42 },
      'search_tools: query must be a string (the task in plain language), got a number at query',
    ],
    [{ k: 3 }, 'search_tools: query must be a string (the task in plain language), got nothing at query'],
    [
      { query: 'weather', kk: 3 },
      'search_tools: unknown argument "kk" (did you mean "k"?) for search_tools; its arguments are query, k',
    ],
    [
      { query: 'weather', limit: 3 },
      'search_tools: unknown argument "limit" for search_tools; its arguments are query, k',
    ],
  ])('search_tools %j is a -32602 tool error saying what is wrong', async (input, message) => {
    const result = await client.callTool({ name: 'search_tools', arguments: input });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`${PREFIX} ${message}`);
  });

  test.each([
    [{ id: 7 }, 'get_tool: id must be a string (a tool id), got a number at id'],
    [{}, 'get_tool: id must be a string (a tool id), got nothing at id'],
    [
      { id: 'x', ids: ['y'] },
      'get_tool: unknown argument "ids" (did you mean "id"?) for get_tool; its arguments are id',
    ],
  ])('get_tool %j is a -32602 tool error saying what is wrong', async (input, message) => {
    const result = await client.callTool({ name: 'get_tool', arguments: input });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`${PREFIX} ${message}`);
  });

  test('the listed input schemas refuse unknown keys and state the range of k', async () => {
    const { tools } = await client.listTools();
    const search = tools.find((tool) => tool.name === 'search_tools');
    expect(search?.inputSchema).toMatchObject({
      additionalProperties: false,
      properties: { k: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['query'],
    });
    expect(tools.find((tool) => tool.name === 'get_tool')?.inputSchema).toMatchObject({
      additionalProperties: false,
    });
  });
});

// --- internal ---

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string | undefined {
  return (result.content as Array<{ text?: string }>)[0]?.text;
}

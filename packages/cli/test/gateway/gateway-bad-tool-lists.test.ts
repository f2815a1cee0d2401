import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GATEWAY_FIXTURES, nodeServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { MAX_TOOL_LIST_PAGES } from '../../src/gateway/list-upstream-tools.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// Real stdio upstreams with broken tool lists (test/support/fixtures/gateway/bad-tool-lists-server.mjs): a tool whose
// inputSchema is not an object, pages that list the same tools with a new cursor forever, and pages that list a new
// tool with a new cursor forever. Each server serves its other tools; each problem is said once.
const server = path.join(GATEWAY_FIXTURES, 'bad-tool-lists-server.mjs');
const folder = tempFolder('toolsift-gateway-bad-lists-');
let gateway: Gateway;
const logs: string[] = [];

beforeAll(async () => {
  gateway = createGateway({
    upstreams: parseGatewayConfig(
      {
        mcpServers: {
          schema: nodeServer(server, ['bad-schema']),
          endless: nodeServer(server, ['endless']),
          fresh: nodeServer(server, ['endless-fresh']),
        },
      },
      'test config',
    ),
    embedder: 'hash',
    indexDir: false,
    cwd: folder,
    env: {},
    log: (line) => logs.push(line),
  });
  await gateway.core.ready;
});

afterAll(async () => {
  await gateway?.close();
});

function toolsOf(server: string): string[] {
  return gateway.core.pool
    .tools()
    .filter((tool) => tool.server === server)
    .map((tool) => tool.definition.name);
}

async function textOf(call: Promise<CallToolResult>): Promise<string> {
  const result = await call;
  return (result.content[0] as { text: string }).text;
}

/** Read the server's list again, as after a change it announced, and wait until it is read. */
async function relist(server: string): Promise<void> {
  await gateway.core.pool.call(`${server}__announce`, { arguments: {} });
  expect(await gateway.core.pool.settled()).toEqual([]);
}

describe('a tool whose inputSchema is not an object', () => {
  test('is left out, said once with server, tool, field, expectation and code; the server serves its other tools', async () => {
    expect(gateway.core.pool.downReason('schema')).toBeUndefined();
    expect(toolsOf('schema')).toEqual(['get_time', 'announce', 'count_pages']);
    expect(await textOf(gateway.core.pool.call('schema__get_time', { arguments: {} }))).toBe('get_time ran');
    const selector = await gateway.core.index.selector();
    expect(selector?.tool('schema__get_time')).toBeDefined();

    await relist('schema');
    expect(logs.filter((line) => line.includes('"schema"'))).toMatchInlineSnapshot(`
      [
        "upstream "schema": tool "shout" is left out (not searched, not callable): its inputSchema.type must be "object", got "string" [UPSTREAM_TOOL_INVALID]",
        "upstream "schema" connected: 3 tool(s)",
      ]
    `);
  });
});

describe('pages that never end', () => {
  test('the same tools on every page: the loop is seen at the second page, one line for the repeats', async () => {
    expect(toolsOf('endless')).toEqual(['get_time', 'announce', 'count_pages']);
    await relist('endless');
    expect(await textOf(gateway.core.pool.call('endless__count_pages', { arguments: {} }))).toBe('4');
    expect(logs.filter((line) => line.includes('"endless"'))).toMatchInlineSnapshot(`
      [
        "upstream "endless": listed 3 tool(s) under names it had listed already (the first: "get_time"); the first definition of each name is kept [DUPLICATE_TOOL_ID]",
        "upstream "endless": stopped reading its tool list after 2 page(s) and 3 tool(s): a page listed only names of earlier pages, with a next cursor (its pages loop) [TOOL_LIST_TRUNCATED]",
        "upstream "endless" connected: 3 tool(s)",
      ]
    `);
  });

  test('a new tool on every page: the pages followed are bounded', async () => {
    const pages = Number(await textOf(gateway.core.pool.call('fresh__count_pages', { arguments: {} })));
    expect(pages).toBe(MAX_TOOL_LIST_PAGES);
    expect(toolsOf('fresh')).toHaveLength(3 + MAX_TOOL_LIST_PAGES);
    expect(logs.filter((line) => line.includes('"fresh"'))).toMatchInlineSnapshot(`
      [
        "upstream "fresh": stopped reading its tool list after 1,000 page(s) and 1,003 tool(s): its pages go on past 1,000, the most read per server [TOOL_LIST_TRUNCATED]",
        "upstream "fresh" connected: 1003 tool(s)",
      ]
    `);
  });
});

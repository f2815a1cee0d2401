import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  connectStdioGateway,
  GATEWAY_FIXTURES,
  nodeServer,
  toolNames,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// A real stdio upstream that announces a new tool list and never sends it (notifications/tools/list_changed every
// 100 ms, tools/list never answered), beside a well-behaved one: searches answer from the last index, within the
// bound, and name the stalled server. Timeouts below only guard against a search that never answers.
const fixtures = GATEWAY_FIXTURES;
const folder = tempFolder('toolsift-gateway-stalled-');
const STALE_AFTER_MS = 300;
let gateway: Gateway;
let client: Client;

beforeAll(async () => {
  gateway = createGateway({
    upstreams: parseGatewayConfig(
      {
        mcpServers: {
          growing: nodeServer(path.join(fixtures, 'growing-server.mjs')),
          stalling: nodeServer(path.join(fixtures, 'stalling-server.mjs')),
        },
      },
      'test config',
    ),
    embedder: 'hash',
    indexDir: false,
    cwd: folder,
    env: {},
    log: () => undefined,
    timings: { staleAfterMs: STALE_AFTER_MS },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer({ dynamicMax: 0 }).connect(serverSide);
  client = new Client({ name: 'gateway-stalled-test', version: '1.0.0' });
  await client.connect(clientSide);
  await gateway.core.ready;
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

interface SearchAnswer {
  tools: Array<{ name: string }>;
  stale: Array<{ server: string; reason: string }>;
  warnings: Array<{ code: string; message: string }>;
}

async function search(query: string): Promise<SearchAnswer> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 2 } }, undefined, {
    timeout: GUARD_MS,
  });
  expect(result.isError).toBeUndefined();
  return result.structuredContent as unknown as SearchAnswer;
}

/** Far beyond any wait the gateway allows: only a search that hangs meets it. */
const GUARD_MS = 20_000;

describe('an upstream that announces a new tool list and never sends it', () => {
  test('searches answer from the last index and name it stale, while it keeps announcing', async () => {
    expect(await search('add a tool to this server')).toMatchObject({ stale: [], warnings: [] });

    const stalled = await gateway.core.pool.call('stalling__stall', { arguments: {} });
    expect(stalled.isError).toBeUndefined();
    for (const query of ['add a tool to this server', 'remove a tool from this server', 'stall']) {
      const answer = await search(query);
      expect(answer.tools.length).toBeGreaterThan(0);
      expect(answer.stale).toEqual([
        {
          server: 'stalling',
          reason: expect.stringMatching(/^announced a new tool list .+ ago and has not sent it yet$/),
        },
      ]);
      expect(answer.warnings).toEqual([
        {
          code: 'UPSTREAM_STALE',
          message: expect.stringMatching(
            /^The tools of server "stalling" may be out of date: it announced a new tool list .+ ago and has not sent it yet\. Its last tool list was searched\.$/,
          ),
        },
      ]);
    }
    // Its tools are still searched and callable: only its list is stuck.
    expect((await search('stall'))?.tools[0]?.name).toBe('stalling__stall');
    expect(gateway.core.pool.downReason('stalling')).toBeUndefined();
  });

  test('coalesced: one tools/list at a time however many announcements came (the first, then one stuck)', async () => {
    const counted = await gateway.core.pool.call('stalling__count_lists', { arguments: {} });
    expect(counted.content).toEqual([{ type: 'text', text: '2' }]);
  });
});

describe('toolsift gateway --stale-after', () => {
  test('bounds the wait of a search over stdio', async () => {
    const cli = tempFolder('toolsift-gateway-stalled-cli-');
    const config = await writeConfig(cli, {
      growing: nodeServer(path.join(fixtures, 'growing-server.mjs')),
      stalling: nodeServer(path.join(fixtures, 'stalling-server.mjs')),
    });
    const { client: cliClient } = await connectStdioGateway({
      args: [
        '--config',
        config,
        '--index-dir',
        path.join(cli, 'index'),
        '--embedder',
        'hash',
        '--stale-after',
        '200',
      ],
    });
    try {
      const call = (name: string, query?: string) =>
        cliClient.callTool(
          query === undefined
            ? { name: 'call_tool', arguments: { name } }
            : { name: 'search_tools', arguments: { query, k: 1 } },
          undefined,
          { timeout: GUARD_MS },
        );
      await call('search_tools', 'add a tool');
      await call('stalling__stall');
      const answer = await call('search_tools', 'add a tool to this server');
      expect(toolNames(answer)).toEqual(['growing__add_tool']);
      expect(
        (answer.structuredContent as unknown as SearchAnswer).stale.map((entry) => entry.server),
      ).toEqual(['stalling']);
    } finally {
      await cliClient.close();
    }
  });
});

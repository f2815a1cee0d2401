import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GATEWAY_FIXTURES, nodeServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// A real stdio upstream flooding notifications/tools/list_changed (one every 10 ms, its list unchanged, each
// tools/list answered after 30 ms) beside a well-behaved one. Timeouts below only guard against a search that never
// answers.
const fixtures = GATEWAY_FIXTURES;
const folder = tempFolder('toolsift-gateway-flood-');
let gateway: Gateway;
let client: Client;
const logs: string[] = [];

beforeAll(async () => {
  gateway = createGateway({
    upstreams: parseGatewayConfig(
      {
        mcpServers: {
          growing: nodeServer(path.join(fixtures, 'growing-server.mjs')),
          flooding: nodeServer(path.join(fixtures, 'flooding-server.mjs')),
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
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer({ dynamicMax: 0 }).connect(serverSide);
  client = new Client({ name: 'gateway-flood-test', version: '1.0.0' });
  await client.connect(clientSide);
  await gateway.core.ready;
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

/** Far beyond any wait the gateway allows: only a search that hangs meets it. */
const GUARD_MS = 20_000;

async function search(query: string) {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 1 } }, undefined, {
    timeout: GUARD_MS,
  });
  expect(result.isError).toBeUndefined();
  return result.structuredContent as { tools: Array<{ name: string }>; stale: unknown[] };
}

describe('an upstream flooding tools/list_changed', () => {
  test('searches answer while the flood goes on; one tools/list at a time, and an unchanged list re-indexes nothing', async () => {
    let changes = 0;
    const unsubscribe = gateway.core.subscribe(() => {
      changes += 1;
    });
    await gateway.core.pool.call('flooding__start_flood', { arguments: { everyMs: 10, listDelayMs: 30 } });
    try {
      for (let turn = 0; turn < 10; turn++) {
        const answer = await search(
          turn % 2 === 0 ? 'add a tool to this server' : 'water the greenhouse plants',
        );
        expect(answer.tools).toHaveLength(1);
      }
    } finally {
      unsubscribe();
    }
    const stopped = (await gateway.core.pool.call('flooding__stop_flood', {
      arguments: {},
    })) as CallToolResult;
    const counts = JSON.parse((stopped.content[0] as { text: string }).text) as {
      notifications: number;
      lists: number;
      maxConcurrentLists: number;
    };
    expect(counts.notifications).toBeGreaterThan(0);
    expect(counts.maxConcurrentLists).toBe(1);
    // Each re-list waits 4x as long as the last took (30 ms and more): far fewer than the notifications.
    expect(counts.lists).toBeLessThan(counts.notifications / 5);
    // The list never changed: no tools changed, so no re-index and no client told.
    expect(changes).toBe(0);
    expect(logs.filter((line) => line.includes('flooding'))).toEqual([
      'upstream "flooding" connected: 3 tool(s)',
    ]);
  });
});

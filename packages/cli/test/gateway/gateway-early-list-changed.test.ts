import path from 'node:path';
import { GATEWAY_FIXTURES, nodeServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// A real stdio upstream that sends tools/list_changed while the gateway reads its tools for the first time: the
// change must not be lost because the connection was still being opened.
const folder = tempFolder('toolsift-gateway-early-change-');
let gateway: Gateway;

beforeAll(async () => {
  gateway = createGateway({
    upstreams: parseGatewayConfig(
      {
        mcpServers: {
          early: nodeServer(path.join(GATEWAY_FIXTURES, 'early-change-server.mjs')),
        },
      },
      'test config',
    ),
    embedder: 'hash',
    indexDir: false,
    cwd: folder,
    env: {},
    log: () => undefined,
  });
});

afterAll(async () => {
  await gateway?.close();
});

describe('a tools/list_changed during the first tools/list', () => {
  test('is read once the connection is open: the announced tool is listed, indexed and callable', async () => {
    await gateway.core.ready;
    await gateway.core.pool.settled();
    expect(gateway.core.pool.tools().map((tool) => tool.qualifiedName)).toEqual([
      'early__read_weather',
      'early__book_flight',
    ]);
    const selector = await gateway.core.index.selector();
    expect(selector?.tools.map((tool) => tool.id).sort()).toEqual([
      'early__book_flight',
      'early__read_weather',
    ]);
    expect(await gateway.core.pool.call('early__book_flight', { arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'book_flight ran' }],
    });
  });
});

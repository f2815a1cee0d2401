import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { nodeServer, referenceServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';
import { searchGateway } from '../../src/gateway/search-gateway.js';

// The gateway in-process, over the real filesystem and memory servers, with a retry delay long enough that a killed
// server stays down for the test.
const folder = tempFolder('toolsift-gateway-core-');
const logs: string[] = [];
const gateways: Gateway[] = [];

function startGateway(): Gateway {
  const upstreams = parseGatewayConfig(
    {
      mcpServers: {
        filesystem: nodeServer(referenceServer('server-filesystem'), [path.join(folder, 'project')]),
        memory: nodeServer(referenceServer('server-memory'), [], {
          MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
        }),
      },
    },
    'test config',
  );
  const gateway = createGateway({
    upstreams,
    embedder: 'hash',
    indexDir: path.join(folder, 'index'),
    cwd: folder,
    env: {},
    log: (line) => logs.push(line),
    timings: { retryMinMs: 600_000, retryMaxMs: 600_000 },
  });
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  await mkdir(path.join(folder, 'project'));
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

const MEMORY_TASK = 'create entities and relations in the knowledge graph';

describe('createGateway', () => {
  test('tools of a server that is down stay findable but come back as unavailable, with the reason', async () => {
    const gateway = startGateway();
    await gateway.core.ready;
    const before = await searchGateway({ ...gateway.core, query: MEMORY_TASK, k: 3 });
    expect(before.tools.map((tool) => tool.server)).toContain('memory');

    process.kill(gateway.core.pool.pidOf('memory')!, 'SIGKILL');
    await expect.poll(() => gateway.core.pool.downReason('memory')).toBeDefined();

    const after = await searchGateway({ ...gateway.core, query: MEMORY_TASK, k: 3 });
    expect(after.tools).toHaveLength(3);
    expect(after.tools.every((tool) => tool.server === 'filesystem')).toBe(true);
    const down = after.unavailable.filter((tool) => tool.name.startsWith('memory__'));
    expect(down.length).toBeGreaterThan(0);
    expect(down[0]?.reasons).toEqual([
      {
        kind: 'upstream-down',
        message: expect.stringMatching(
          /^its server "memory" closed its connection \(the server exited or the session ended\); retrying in \d+ s$/,
        ),
      },
    ]);
    const call = await gateway.core.pool.call('memory__read_graph', { arguments: {} });
    expect(call).toEqual({
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^The upstream server "memory" is not available: it closed its connection \(the server exited or the session ended\); retrying in \d+ s\. Tools of the other servers still work\.$/,
          ),
        },
      ],
      isError: true,
    });
    await gateway.close();
  });

  test('a restarted gateway reuses its saved index: nothing is embedded again', async () => {
    const gateway = startGateway();
    await gateway.core.ready;
    const selector = await gateway.core.index.selector();
    expect(selector?.tools.length).toBe(gateway.core.pool.tools().length);
    expect(selector?.index).toMatchObject({ embedded: 0 });
    expect(selector?.index.reused).toBeGreaterThan(0);
  });
});

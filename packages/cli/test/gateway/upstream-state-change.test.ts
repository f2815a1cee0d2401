import path from 'node:path';
import { GATEWAY_FIXTURES, nodeServer } from '@toolsift/test-support/gateway-process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';
import { createUpstreamPool, type UpstreamPool } from '../../src/gateway/upstream-pool.js';

// The pool over a real stdio upstream whose tool list can grow: a change of state (the server killed) is told apart
// from a change of tools, so the gateway re-indexes only for the latter.
let pool: UpstreamPool;
const changes: boolean[] = [];

beforeAll(async () => {
  pool = createUpstreamPool({
    configs: parseGatewayConfig(
      {
        mcpServers: { growing: nodeServer(path.join(GATEWAY_FIXTURES, 'growing-server.mjs')) },
      },
      'test config',
    ),
    log: () => undefined,
    onToolsChanged: ({ isToolsChanged }) => void changes.push(isToolsChanged),
    timings: { retryMinMs: 600_000, retryMaxMs: 600_000 },
  });
  await pool.start();
});

afterAll(async () => {
  await pool?.close();
});

describe("an upstream's changes", () => {
  test('a new tool is a change of tools; the server going down is a change of state only', async () => {
    expect(changes).toEqual([true]);
    await pool.call('growing__add_tool', { arguments: { name: 'plan_trip', description: 'Plan a trip' } });
    await pool.settled();
    expect(changes).toEqual([true, true]);
    const tools = pool.tools();
    expect(tools.map((tool) => tool.qualifiedName)).toContain('growing__plan_trip');

    process.kill(pool.pidOf('growing')!, 'SIGKILL');
    await expect.poll(() => pool.downReason('growing')).toBeDefined();
    expect(changes).toEqual([true, true, false]);
    // Not even renamed: the very same list.
    expect(pool.tools()).toBe(tools);
  });
});

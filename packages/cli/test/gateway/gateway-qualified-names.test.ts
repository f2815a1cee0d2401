import path from 'node:path';
import { GATEWAY_FIXTURES, nodeServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';
import { searchGateway } from '../../src/gateway/search-gateway.js';

// Two real servers whose keys sanitise to the same `a_b`, both with a tool `run`; `a_b` also has a tool literally
// called `run_1d0e350a`, the hashed name `a.b`'s `run` is first given.
const folder = tempFolder('toolsift-gateway-names-');
const SERVER = path.join(GATEWAY_FIXTURES, 'named-tools-server.mjs');
let gateway: Gateway;

beforeAll(async () => {
  const upstreams = parseGatewayConfig(
    {
      mcpServers: {
        'a.b': nodeServer(SERVER, ['dotted', 'run']),
        a_b: nodeServer(SERVER, ['underscored', 'run', 'run_1d0e350a']),
      },
    },
    'test config',
  );
  gateway = createGateway({
    upstreams,
    embedder: 'hash',
    indexDir: path.join(folder, 'index'),
    cwd: folder,
    env: {},
    log: () => undefined,
  });
  await gateway.core.ready;
});

afterAll(async () => {
  await gateway?.close();
});

function textOf(result: { content: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
}

describe('qualified names over real servers', () => {
  test("a tool named like another tool's hashed name shadows nothing: each of the three is found and called", async () => {
    const named = gateway.core.pool
      .tools()
      .map((tool) => [tool.qualifiedName, tool.server, tool.definition.name]);
    expect(named.sort()).toEqual([
      ['a_b__run_1d0e350a', 'a_b', 'run_1d0e350a'],
      ['a_b__run_4a5534ce', 'a_b', 'run'],
      ['a_b__run_861a0dee', 'a.b', 'run'],
    ]);
    const found = await searchGateway({ ...gateway.core, query: 'run the job', k: 5 });
    expect(found.tools.map((tool) => tool.name).sort()).toEqual([
      'a_b__run_1d0e350a',
      'a_b__run_4a5534ce',
      'a_b__run_861a0dee',
    ]);
    expect(textOf(await gateway.core.pool.call('a_b__run_861a0dee', { arguments: {} }))).toBe(
      'dotted ran run',
    );
    expect(textOf(await gateway.core.pool.call('a_b__run_4a5534ce', { arguments: {} }))).toBe(
      'underscored ran run',
    );
    expect(textOf(await gateway.core.pool.call('a_b__run_1d0e350a', { arguments: {} }))).toBe(
      'underscored ran run_1d0e350a',
    );
  });
});

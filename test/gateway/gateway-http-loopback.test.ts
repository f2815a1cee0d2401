import path from 'node:path';
import {
  connectHttpClient,
  GATEWAY_FIXTURES,
  nodeServer,
  startHttpGateway,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The gateway as a process over HTTP on another loopback address than 127.0.0.1, without a token.
const folder = tempFolder('toolsift-gateway-loopback-');
let gateway: Awaited<ReturnType<typeof startHttpGateway>>;

beforeAll(async () => {
  const config = await writeConfig(folder, {
    jobs: nodeServer(path.join(GATEWAY_FIXTURES, 'named-tools-server.mjs'), ['jobs', 'run']),
  });
  gateway = await startHttpGateway({
    args: [
      '--config',
      config,
      '--host',
      '127.0.0.2',
      '--embedder',
      'hash',
      '--index-dir',
      path.join(folder, 'index'),
    ],
  });
});

afterAll(async () => {
  await gateway?.stop();
});

describe('toolsift gateway --http --host 127.0.0.2', () => {
  test('serves there without a warning that other machines reach it: 127.0.0.0/8 is this machine', async () => {
    expect(gateway.url.host).toBe(`127.0.0.2:${gateway.url.port}`);
    expect(gateway.stderr()).not.toContain('reachable from other machines');
    const client = await connectHttpClient(gateway.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    await client.close();
  });

  test('a web page of another site is refused (403) before anything reads its request', async () => {
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Origin: 'https://attacker.example',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});

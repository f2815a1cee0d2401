import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import {
  GATEWAY_ARGS,
  GATEWAY_FIXTURES,
  nodeServer,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { rawSession, repoRoot, serveEnv } from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';

// The gateway as a process over stdio, spoken to in raw lines: what the SDK client cannot send.
const folder = tempFolder('toolsift-gateway-raw-');

describe('toolsift gateway over stdio, lines that are no message', () => {
  test('a line that is not JSON gets a Parse error with "id": null, and the session goes on', async () => {
    const config = await writeConfig(folder, {
      jobs: nodeServer(path.join(GATEWAY_FIXTURES, 'named-tools-server.mjs'), ['jobs', 'run']),
    });
    const gateway = spawn(
      process.execPath,
      [...GATEWAY_ARGS, '--config', config, '--index-dir', path.join(folder, 'index'), '--embedder', 'hash'],
      { cwd: repoRoot, env: serveEnv() },
    );
    const session = rawSession(gateway);
    session.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(await session.next()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'toolsift-gateway' } },
    });
    session.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    session.write('{"jsonrpc": "2.0", "method": "tools/list", "id": 2\n');
    expect(await session.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the message is not JSON.' },
    });
    session.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(await session.next()).toMatchObject({
      id: 3,
      result: { tools: [{ name: 'search_tools' }, { name: 'call_tool' }] },
    });
    gateway.stdin.end();
    const [code] = await once(gateway, 'exit');
    expect(code).toBe(0);
  });
});

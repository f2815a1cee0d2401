import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  GATEWAY_FIXTURES,
  nodeServer,
  toolNames,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { childPid } from './upstream-pid.js';

// `toolsift gateway` over stdio as a process, in front of a real upstream that keeps running when its stdin ends:
// a SIGTERM to the gateway must stop that upstream too, not leave it running without a parent.
const folder = tempFolder('toolsift-gateway-signal-');
let client: Client;
let gatewayPid: number;
let upstreamPid: number | undefined;

beforeAll(async () => {
  const config = await writeConfig(folder, {
    lingering: nodeServer(path.join(GATEWAY_FIXTURES, 'lingering-server.mjs')),
  });
  ({ client, pid: gatewayPid } = await connectStdioGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index'), '--embedder', 'hash'],
  }));
});

afterAll(async () => {
  await client?.close();
  // Only when the test failed is it still running.
  if (upstreamPid !== undefined && (await isRunning(upstreamPid))) process.kill(upstreamPid, 'SIGKILL');
});

/** Whether a process runs (a zombie, ended but not yet reaped by its parent, does not). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('a stdio gateway sent SIGTERM', () => {
  test('closes its upstreams before it exits, so one that ignores the end of its stdin stops too', async () => {
    const search = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'sync my files', k: 1 },
    });
    expect(toolNames(search)[0]).toBe('lingering__sync_files');
    upstreamPid = await childPid(gatewayPid, 'lingering-server.mjs');
    expect(upstreamPid).toBeDefined();
    const exited = new Promise<void>((resolve) => {
      client.onclose = resolve;
    });

    process.kill(gatewayPid, 'SIGTERM');
    await exited;
    await expect.poll(() => isRunning(upstreamPid!), { timeout: 15_000 }).toBe(false);
  });
});

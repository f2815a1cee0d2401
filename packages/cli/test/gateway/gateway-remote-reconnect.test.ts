import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';
import { searchGateway } from '../../src/gateway/search-gateway.js';
import { type RestartableHttpUpstream, startRestartableHttpUpstream } from './restartable-http-upstream.js';

// The gateway in-process in front of a real remote server on 127.0.0.1 (Streamable HTTP, then SSE) that is stopped
// and started again on the same port. Their client transports never report a close of their own: only a request
// they cannot send tells.
describe.each(['http', 'sse'] as const)('a remote upstream over %s', (transport) => {
  let folder: string;
  let upstream: RestartableHttpUpstream;
  let gateway: Gateway;
  const logs: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'toolsift-gateway-reconnect-'));
    upstream = await startRestartableHttpUpstream(transport);
    gateway = createGateway({
      upstreams: parseGatewayConfig(
        { mcpServers: { remote: { type: transport, url: upstream.url.href } } },
        'test config',
      ),
      embedder: 'hash',
      indexDir: false,
      cwd: folder,
      env: {},
      log: (line) => logs.push(line),
      timings: { retryMinMs: 100, retryMaxMs: 400 },
    });
    await gateway.core.ready;
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  function echo(text: string): Promise<CallToolResult> {
    return gateway.core.pool.call('remote__echo', { arguments: { text } });
  }

  test('fails the call that meets it, is reported down in searches, and is called again once it is back', async () => {
    expect(await echo('before')).toEqual({ content: [{ type: 'text', text: 'echo: before' }] });

    await upstream.stop();
    const failed = await echo('during');
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/^The upstream server "remote" failed to run "echo": .*fetch failed/);
    await expect.poll(() => gateway.core.pool.downReason('remote')).toBeDefined();

    const search = await searchGateway({ ...gateway.core, query: 'repeat a text back', k: 3 });
    expect(search.tools).toEqual([]);
    expect(search.unavailable).toEqual([
      {
        id: 'remote__echo',
        name: 'remote__echo',
        reasons: [
          {
            kind: 'upstream-down',
            message: expect.stringMatching(
              /^its server "remote" (lost its connection|could not be started or reached): .*fetch failed.*; retrying in /,
            ),
          },
        ],
      },
    ]);
    const refused = await echo('still during');
    expect(textOf(refused)).toMatch(/^The upstream server "remote" is not available: it /);

    await upstream.start();
    await expect.poll(() => gateway.core.pool.downReason('remote'), { timeout: 10_000 }).toBeUndefined();
    expect(await echo('after')).toEqual({ content: [{ type: 'text', text: 'echo: after' }] });
  });

  test('one that restarted (its old session id gets 404) is reconnected with a new session', async () => {
    upstream.forgetSessions();
    const failed = await echo('stale session');
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toContain('unknown session');
    // Marked down (the line is written once it is), then reconnected.
    const lost = () => logs.filter((line) => line.startsWith('upstream "remote" lost its connection'));
    await expect.poll(lost).toHaveLength(2);
    expect(lost()[1]).toMatch(/^upstream "remote" lost its connection: .*unknown session/);
    await expect.poll(() => gateway.core.pool.downReason('remote'), { timeout: 10_000 }).toBeUndefined();
    expect(await echo('new session')).toEqual({ content: [{ type: 'text', text: 'echo: new session' }] });
  });
});

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  GATEWAY_FIXTURES,
  nodeServer,
  referenceServer,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { keepScreenshot, launchTestBrowser, seriousViolations } from './browser.js';

// `toolsift gateway --ui` over stdio, as an MCP client runs it, in front of the reference memory server (from npm)
// and a server that writes its token to stderr and exits at every start. The page shows each one's state.
const FAILING_SERVER = path.join(GATEWAY_FIXTURES, 'failing-server.mjs');
const TOKEN = 'tok-3f9a7c21-never-shown';

const browser = await launchTestBrowser('the gateway ui page tests');

describe.skipIf(browser === undefined)('toolsift gateway --ui in Chromium', () => {
  let folder: string;
  let client: Client;
  let stderr: () => string;
  let page: Page;
  let pageUrl: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'toolsift-gateway-ui-'));
    const config = await writeConfig(folder, {
      memory: nodeServer(referenceServer('server-memory'), [], {
        MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
      }),
      broken: nodeServer(FAILING_SERVER, [], { FAILING_TOKEN: TOKEN }),
    });
    const gateway = await connectStdioGateway({
      args: ['--config', config, '--ui', '--index-dir', path.join(folder, 'index')],
    });
    client = gateway.client;
    stderr = gateway.stderr;
    pageUrl = await vi.waitFor(
      () => {
        const found = /serving the ui page on (\S+)/.exec(stderr())?.[1];
        if (found === undefined) throw new Error(`no page URL on stderr yet:\n${stderr()}`);
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    page = await browser!.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('a server that dies shows as down with its stderr tail (its token masked), the other as up', async () => {
    await page.goto(pageUrl);
    await page.goto(`${new URL(pageUrl).origin}/#/gateway`);
    const broken = page.locator('.upstream[data-server="broken"]');
    const memory = page.locator('.upstream[data-server="memory"]');
    await expect.poll(() => memory.getAttribute('data-state'), { timeout: 30_000 }).toBe('up');
    // Between its attempts it waits, down; each attempt is short (it exits at once).
    await expect.poll(() => broken.getAttribute('data-state'), { timeout: 30_000 }).toBe('down');
    expect(await broken.locator('.reason').textContent()).toMatch(/^It could not be started or reached: /);
    const tail = (await broken.locator('pre.stderr').textContent()) ?? '';
    expect(tail).toContain('fatal: the database is unreachable');
    expect(tail).not.toContain(TOKEN);
    expect(await memory.textContent()).toMatch(/\b\d+ tool\(s\)/);
    await broken.locator('summary').click();
    await keepScreenshot(page, 'gateway-upstreams');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the searches and calls of the gateway’s clients are listed, newest first', async () => {
    await client.callTool({ name: 'search_tools', arguments: { query: 'remember that Ada likes tea' } });
    await client.callTool({ name: 'call_tool', arguments: { name: 'memory__read_graph', arguments: {} } });
    await client.callTool({ name: 'call_tool', arguments: { name: 'broken__anything', arguments: {} } });
    const searches = page.locator('section[aria-labelledby="gateway-searches"] tbody tr');
    const calls = page.locator('section[aria-labelledby="gateway-calls"] tbody tr');
    await expect.poll(() => calls.count(), { timeout: 10_000 }).toBe(2);
    expect(await searches.count()).toBe(1);
    expect(await searches.first().textContent()).toContain('remember that Ada likes tea');
    expect(await calls.nth(0).textContent()).toMatch(
      /^.*broken__anything.*error: The upstream server "broken" is not available/,
    );
    expect(await calls.nth(1).textContent()).toMatch(/memory__read_graph.*ok/);
    await keepScreenshot(page, 'gateway-activity');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

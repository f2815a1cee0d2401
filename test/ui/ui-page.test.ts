import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '@toolsift/test-support/serve-mcp-process';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runToolsift } from '../cli/run-toolsift.js';
import { keepScreenshot, launchTestBrowser, seriousViolations } from './browser.js';
import { startUiProcess, type UiProcess } from './ui-process.js';

// `toolsift ui` as a user starts it, over a catalog we wrote (one tool's description is markup) with three learned
// prompts, driven in Debian's Chromium. Each test looks at one panel as a user would, keeps a screenshot in
// test-results/ui/, and runs axe-core on what it shows.
const CATALOG = path.join(repoRoot, 'test/support/fixtures/ui/catalog');
const LEARNED = path.join(repoRoot, 'test/support/fixtures/ui/learned.jsonl');
const MARKUP_DESCRIPTION =
  'Renders a snippet as a card: <img src=x onerror="window.__markupRan=true"><script>window.__markupRan=true</script><b>bold</b> & <i>done</i>';

const browser = await launchTestBrowser('the ui page tests');

describe.skipIf(browser === undefined)('toolsift ui in Chromium', () => {
  let root: string;
  let ui: UiProcess;
  let page: Page;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'toolsift-ui-page-'));
    const index = path.join(root, 'index');
    const learned = await runToolsift(['learn', LEARNED, '--catalog', CATALOG, '--index-dir', index], {
      cwd: repoRoot,
      env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR },
    });
    expect(learned.stderr).toBe('');
    ui = await startUiProcess(['--catalog', CATALOG, '--index-dir', index]);
    page = await browser!.newPage();
    // The token, from the printed URL, is kept for the tab: every test can open any panel.
    await page.goto(ui.pageUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await ui?.stop();
    await rm(root, { recursive: true, force: true });
  });

  const open = async (panel: string) => {
    await page.goto(`${ui.origin}/#/${panel}`);
    await page.waitForSelector(`#main[data-panel="${panel}"]`);
  };

  test('the page loads: the catalog lists every tool, and axe finds no serious violation', async () => {
    // Opened at the printed URL (in beforeAll): the token left the address bar once read.
    await expect.poll(() => page.textContent('#catalog-count')).toBe('6 of 6 tools match');
    await expect.poll(() => page.url()).toBe(`${ui.origin}/#/catalog`);
    const ids = await page.locator('table.catalog .tool-id').allTextContents();
    expect(ids.sort()).toEqual([
      'create_note',
      'delete_note',
      'get_forecast',
      'render_snippet',
      'search_notes',
      'send_email',
    ]);
    await page.fill('#catalog-text', 'note');
    await expect.poll(() => page.textContent('#catalog-count')).toBe('3 of 6 tools match');
    await keepScreenshot(page, 'catalog');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a typed prompt shows the ranked tools, with reasons, timings and the request', async () => {
    await open('prompt');
    await page.fill('#prompt-prompt', 'what will the weather be like in Lisbon on Friday');
    await page.click('form.prompt-form button[type=submit]');
    const ranked = page.locator('#ranked-a .ranked-tool .tool-id');
    await expect.poll(() => ranked.count()).toBeGreaterThan(0);
    expect(await ranked.first().textContent()).toBe('get_forecast');
    expect(await page.locator('#ranked-a .reasons li').count()).toBeGreaterThan(0);
    expect(await page.textContent('.timings summary')).toMatch(/^Timings: \d+\.\d ms in all$/);
    const request = JSON.parse((await page.textContent('.request pre')) ?? '') as Array<{
      function: { name: string };
    }>;
    expect(request[0]?.function.name).toBe('get_forecast');
    await keepScreenshot(page, 'prompt');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('two prompts side by side say where each tool is in the other', async () => {
    await open('compare');
    await page.fill('#prompt-prompt', 'email the minutes to the team');
    await page.fill('#prompt-second', 'write down the minutes of the meeting');
    await page.click('form.prompt-form button[type=submit]');
    await expect.poll(() => page.locator('#ranked-b .tool-id').count()).toBeGreaterThan(0);
    expect(await page.locator('#ranked-a .tool-id').first().textContent()).toBe('send_email');
    expect(await page.locator('#ranked-b .tool-id').first().textContent()).toBe('create_note');
    expect(await page.locator('#ranked-a .badge').first().textContent()).toMatch(
      /^(#\d+ in the other|not in the other)$/,
    );
    await keepScreenshot(page, 'compare');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('forgetting a learned prompt removes it, from the page and from the saved index', async () => {
    await open('learned');
    const prompts = page.locator('.learned-prompt .prompt-text');
    await expect.poll(() => prompts.count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .locator('.learned-prompt', { hasText: 'jot down the shopping list for Saturday' })
      .getByRole('button', { name: /^Forget/ })
      .click();
    await expect.poll(() => prompts.count()).toBe(2);
    expect(await prompts.allTextContents()).toEqual([
      'write a memo about the quarterly review',
      'will it be windy at the coast this weekend',
    ]);
    await keepScreenshot(page, 'learned');
    // Read again from the server: the prompt is gone there too.
    await page.reload();
    await expect.poll(() => prompts.count()).toBe(2);
    const listed = await runToolsift(
      ['inspect', 'create_note', '--json', '--catalog', CATALOG, '--index-dir', path.join(root, 'index')],
      { cwd: repoRoot, env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR } },
    );
    const views = (JSON.parse(listed.stdout) as { views: Array<{ kind: string; text: string }> }).views;
    expect(views.filter((view) => view.kind === 'learned').map((view) => view.text)).toEqual([
      'write a memo about the quarterly review',
    ]);
  });

  test('HTML in a tool description renders as text, in the catalog and in the tool panel', async () => {
    await open('catalog');
    await page.fill('#catalog-text', 'snippet');
    await expect.poll(() => page.textContent('#catalog-count')).toBe('1 of 6 tools match');
    expect(await page.textContent('table.catalog td.description')).toBe(MARKUP_DESCRIPTION);
    await page.click('table.catalog .tool-id');
    await page.waitForSelector('#main[data-panel="tool"]');
    expect(await page.textContent('#tool-description')).toBe(MARKUP_DESCRIPTION);
    expect(await page.locator('main img, main b, main i, main em, main script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __markupRan?: boolean }).__markupRan)).toBeUndefined();
    expect(await page.textContent('table.fields')).toContain('<em>The snippet</em> to render');
    await keepScreenshot(page, 'markup-as-text');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a 100,000-character prompt renders as text, and the selection says it read only its start and end', async () => {
    const prompt = '<b>snow</b> in Oslo? '.repeat(5000).slice(0, 100_000);
    await open('prompt');
    await page.fill('#prompt-prompt', prompt);
    await page.click('form.prompt-form button[type=submit]');
    await expect.poll(() => page.locator('#ranked-a .tool-id').count()).toBeGreaterThan(0);
    expect(await page.textContent('.selection .warnings')).toContain('PROMPT_TRUNCATED');
    expect(await page.textContent('.prompt-echo summary')).toBe('The prompt (100,000 characters)');
    expect(await page.locator('.prompt-echo .prompt-text').evaluate((element) => element.textContent)).toBe(
      prompt,
    );
    expect(await page.locator('main b').count()).toBe(0);
    await keepScreenshot(page, 'long-prompt');
  });

  test('the doctor runs from the page, its findings linked to the tools', async () => {
    await open('doctor');
    await page.getByRole('button', { name: 'Run the doctor' }).click();
    await expect
      .poll(() => page.locator('#doctor-body .finding').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    const linked = await page.locator('#doctor-body .finding .tool-id').allTextContents();
    expect(linked.length).toBeGreaterThan(0);
    await keepScreenshot(page, 'doctor');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

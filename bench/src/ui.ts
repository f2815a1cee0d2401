// `pnpm bench:ui` (in `pnpm bench`): the `toolsift ui` page at 10,000 tools, in Debian's Chromium (headless, through
// playwright-core): the page load (from the navigation's start to the first 100 catalog rows drawn, the catalog's
// facets and counts over every tool computed) and prompt-to-results (from the form's submission to the frame after
// the ranked tools are drawn: the request, the selection with its explanation, the request payload, the JSON and the
// drawing), p50 and p95, both timed in the page. The selector's
// own time is reported beside it. Writes bench/results/ui.{md,json}.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSelector, type DoctorReport } from '@toolsift/selector';
import { serveUi } from '../../packages/cli/src/ui/serve-ui.js';
import { launchTestBrowser } from '../../test/ui/browser.js';
import { percentile, timingPrompts } from './bench-process.js';
import { benchResults, benchLog as log } from './bench-results.js';
import { benchCacheDir, benchEmbedder, flushEmbeddings } from './bench-selector.js';
import { markdownTable } from './render-accuracy.js';
import { loadBaseTools, syntheticCatalog } from './scale-catalog.js';

const TOOL_COUNT = Number(process.env.UI_TOOLS ?? 10_000);
const LOADS = 20;
const PROMPTS = 100;
const WARM_UP = 20;

const started = performance.now();
const tools = syntheticCatalog(await loadBaseTools(), TOOL_COUNT);
const { prompts, warmUp } = await timingPrompts({ count: PROMPTS, warmUp: WARM_UP });
log(`indexing ${tools.length} tools (cached embeddings)`);
const selector = await createSelector({
  catalog: tools,
  embedder: await benchEmbedder('use-lite'),
  indexDir: path.join(benchCacheDir, 'indexes', `ui-${TOOL_COUNT}`),
});
const server = await serveUi({
  port: 0,
  source: {
    title: `bench catalog of ${TOOL_COUNT} tools`,
    selector: async () => selector,
    env: {},
    diagnose: async (): Promise<DoctorReport> => {
      throw new Error('the doctor is not part of this bench');
    },
  },
});
const browser = await launchTestBrowser('pnpm bench:ui');
if (browser === undefined) process.exit(1);
const page = await browser.newPage();

// The page load: the first one reads the token from the URL; each measured one is a full reload of the catalog.
await page.goto(server.pageUrl);
await page.waitForSelector('#catalog-count:not(:empty)');
const loadMs: number[] = [];
for (let run = 0; run < LOADS; run++) {
  await page.reload();
  await page.waitForSelector('#catalog-count:not(:empty)');
  // The page marks when it first drew the catalog, from the navigation's start (the request for the page included).
  loadMs.push(
    await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            performance: { getEntriesByName(name: string): Array<{ startTime: number }> };
          }
        ).performance.getEntriesByName('toolsift:catalog-drawn')[0]?.startTime ?? Number.NaN,
    ),
  );
}
const rows = await page.locator('table.catalog tbody tr').count();
log(`page load p50 ${percentile(loadMs, 0.5).toFixed(0)} ms (${rows} rows drawn)`);

// Prompt to results: the panel's results are emptied, the prompt typed, and the time taken from the form's submission
// to the ranked list drawn. The server's `select` time of the same call is read from the answer's timings.
await page.goto(`${new URL(server.url).origin}/#/prompt`);
await page.waitForSelector('#prompt-prompt');
const promptMs: number[] = [];
const selectMs: number[] = [];
// The server's own selection time of each answer, in order.
const selectTimes: Array<Promise<number>> = [];
page.on('response', (response) => {
  if (!response.url().endsWith('/api/select')) return;
  selectTimes.push(response.json().then((answer: { timings: { total: number } }) => answer.timings.total));
});
for (const [at, prompt] of [...warmUp, ...prompts].entries()) {
  // Timed in the page, from the form's submission to the frame after the ranked tools are drawn, as a user sees it
  // (the driver's own steps, typing and clicking, left out).
  const measured = await page.evaluate(async (text) => {
    const page = globalThis as unknown as PageGlobals;
    const area = page.document.getElementById('prompt-prompt') as unknown as {
      value: string;
      dispatchEvent(event: unknown): void;
    };
    const results = page.document.getElementById('prompt-results');
    results.replaceChildren();
    area.value = text;
    area.dispatchEvent(new page.Event('input'));
    const drawn = new Promise<void>((resolve) => {
      const observer = new page.MutationObserver(() => {
        if (results.querySelector('.selection') === null) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(results, { childList: true, subtree: true });
    });
    const start = page.performance.now();
    (page.document.querySelector('form.prompt-form') as unknown as { requestSubmit(): void }).requestSubmit();
    await drawn;
    await new Promise((resolve) => page.requestAnimationFrame(resolve));
    return page.performance.now() - start;
  }, prompt);
  if (at >= warmUp.length) promptMs.push(measured);
}
selectMs.push(...(await Promise.all(selectTimes)).slice(warmUp.length));
log(`prompt to results p50 ${percentile(promptMs, 0.5).toFixed(0)} ms`);
await browser.close();
await server.close();
await flushEmbeddings();

const round = (value: number) => Math.round(value * 10) / 10;
const stats = (values: readonly number[]) => ({
  p50: round(percentile(values, 0.5)),
  p95: round(percentile(values, 0.95)),
});
const { dir, meta } = await benchResults({ embedder: 'use-lite', started });
const result = {
  ...meta,
  tools: tools.length,
  chromium: await chromiumVersion(),
  loadAverage: round(os.loadavg()[0] ?? 0),
  pageLoadMs: { ...stats(loadMs), runs: LOADS, rowsDrawn: rows },
  promptToResultsMs: { ...stats(promptMs), prompts: promptMs.length, warmUp: warmUp.length },
  serverSelectMs: stats(selectMs),
};
await writeFile(path.join(dir, 'ui.json'), `${JSON.stringify(result, null, 2)}\n`);
await writeFile(
  path.join(dir, 'ui.md'),
  [
    `# The ui page at ${result.tools.toLocaleString('en-US')} tools`,
    '',
    `Written by \`pnpm bench:ui\` (bench/src/ui.ts) on ${meta.date.slice(0, 10)} with ${meta.embedder}, in ${result.chromium} (headless), ` +
      `page and server on one machine (2 shared cores, load average ${result.loadAverage} at the end).`,
    '',
    ...markdownTable(
      ['measure', 'p50 (ms)', 'p95 (ms)', 'runs'],
      [
        [
          'page load: navigation start to the first catalog rows drawn',
          `${result.pageLoadMs.p50}`,
          `${result.pageLoadMs.p95}`,
          `${LOADS}`,
        ],
        [
          'prompt to results: submission to the ranked tools drawn',
          `${result.promptToResultsMs.p50}`,
          `${result.promptToResultsMs.p95}`,
          `${result.promptToResultsMs.prompts}`,
        ],
        [
          'of which the selection on the server',
          `${result.serverSelectMs.p50}`,
          `${result.serverSelectMs.p95}`,
          `${selectMs.length}`,
        ],
      ],
    ),
    '',
    `The page load counts the page's files, the summary (facets over every tool) and the first page of ${rows} rows. ` +
      `Prompts: ${promptMs.length} bench prompts after ${warmUp.length} others as warm-up, k = 5, the request written for openai.`,
    '',
  ].join('\n'),
);
console.log(JSON.stringify(result, null, 2));

// --- internal ---

/** The page's globals the timing code uses (this file has no DOM types). */
interface PageGlobals {
  document: {
    getElementById(id: string): PageElement;
    querySelector(selector: string): unknown;
  };
  performance: { now(): number };
  Event: new (type: string) => unknown;
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: object): void; disconnect(): void };
  requestAnimationFrame(callback: (time: number) => void): void;
}

interface PageElement {
  replaceChildren(): void;
  querySelector(selector: string): unknown;
}

async function chromiumVersion(): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('/usr/bin/chromium', ['--version'], (error, stdout) =>
      resolve(error ? 'Chromium' : stdout.trim()),
    );
  });
}

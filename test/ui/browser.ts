import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (package `chromium`): the browser the page's tests drive. No browser is downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/** Where the tests keep their screenshots (git ignores it). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/ui');

/** The switches the page's tests start Chromium with: headless, and nothing that reaches the network itself. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a new empty profile; `close` ends it and deletes the profile. */
export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Start Chromium, or return undefined after one printed line naming `label` when it is not installed (and not
 * required: `.ci/run` sets `TOOLSIFT_REQUIRE_BROWSER=1` after installing it, and a missing browser fails there).
 * The page's Content-Security-Policy is bypassed, so that a markup injection would run and be seen: the page must
 * be safe without it.
 */
export async function launchTestBrowser(label: string): Promise<TestBrowser | undefined> {
  if (!existsSync(CHROMIUM)) {
    if (process.env.TOOLSIFT_REQUIRE_BROWSER === '1') {
      throw new Error(`TOOLSIFT_REQUIRE_BROWSER=1 but ${CHROMIUM} is not there (Debian package chromium)`);
    }
    // Straight to the runner's output: console output fails a test (test/setup/fail-on-console.ts).
    process.stdout.write(`skipped ${label}: needs Chromium at ${CHROMIUM} (Debian package chromium)\n`);
    return undefined;
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'toolsift-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Keep a screenshot of `page` as `<name>.png` in `SCREENSHOT_DIR`. */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** An axe-core violation, as the tests report it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Run axe-core (from npm, injected into the page) and return its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  // Runs in the page; this file has no DOM types, so the page's globals are typed here.
  return page.evaluate(async () => {
    const page = globalThis as unknown as {
      axe: { run: (context: unknown) => Promise<AxeResults> };
      document: unknown;
    };
    const results = await page.axe.run(page.document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

// --- internal ---

const require = createRequire(import.meta.url);

interface AxeResults {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: string[] }>;
  }>;
}

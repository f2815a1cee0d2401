import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from '../cli/run-toolsift.js';
import { launchTestBrowser, seriousViolations } from './browser.js';

// `toolsift eval --report` over metadata/ with use-lite: queries we write here, in three splits (one named with
// markup), and prompts to learn, for the learning curve.
let root: string;
let html: string;
let result: { code: number; stdout: string; stderr: string };

const QUERIES = [
  {
    id: 'w1',
    query: 'is it going to rain in Bergen tomorrow',
    gold: ['get_weather_forecast'],
    split: 'weather',
  },
  { id: 'w2', query: 'forecast for Lyon over the weekend', gold: ['get_weather_forecast'], split: 'weather' },
  {
    id: 'm1',
    query: 'how many yen is 250 euros',
    gold: ['convert_currency'],
    split: '<script>alert(1)</script>',
  },
  {
    id: 'm2',
    query: 'what time is it in Tokyo when it is 9 in Paris',
    gold: ['convert_time_zone'],
    split: '<script>alert(1)</script>',
  },
];
const OTHER = [
  { id: 't1', query: "translate 'good morning' into Italian", gold: ['translate_text'], split: 'language' },
];
const LEARNED = [
  { id: 'l1', query: 'rain tomorrow in Bergen?', gold: ['get_weather_forecast'] },
  { id: 'l2', query: 'change 250 euros to yen', gold: ['convert_currency'] },
  { id: 'l3', query: 'Tokyo time when Paris is at 9', gold: ['convert_time_zone'] },
  { id: 'l4', query: "say 'good morning' in Italian", gold: ['translate_text'] },
];
const jsonl = (rows: readonly object[]) => rows.map((row) => JSON.stringify(row)).join('\n');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-eval-report-'));
  await writeFile(path.join(root, 'queries.jsonl'), jsonl([...QUERIES, ...OTHER]));
  await writeFile(path.join(root, 'other.jsonl'), jsonl(OTHER));
  await writeFile(path.join(root, 'learned.jsonl'), jsonl(LEARNED));
  result = await runToolsift(
    [
      'eval',
      '--catalog',
      path.join(REPO_ROOT, 'metadata'),
      '--queries',
      'queries.jsonl',
      '--learn',
      'learned.jsonl',
      '--report',
      'report.html',
      '--index-dir',
      path.join(root, 'index'),
      '--json',
    ],
    // The weather tools need their key to be selected.
    {
      cwd: root,
      env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR, OPENWEATHER_API_KEY: 'set-for-the-test' },
    },
  );
  html = await readFile(path.join(root, 'report.html'), 'utf8');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('toolsift eval --report', () => {
  test('writes the report and still prints the summary of every query, after all prompts are learned', () => {
    expect(result).toMatchObject({ code: 0, stderr: 'toolsift: report written to report.html\n' });
    expect(JSON.parse(result.stdout)).toMatchObject({ queries: 5 });
  });

  test('the report is self-contained: inline CSS and SVG, no script, nothing fetched', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|@import|url\(/i);
    expect(html.match(/<svg /g)).toHaveLength(2);
  });

  test('bars per dataset: each split, and all of them', () => {
    const bars = [...html.matchAll(/<rect [^>]*><title>([^<]*)<\/title>/g)].map((match) => match[1]);
    const groups = [...new Set(bars.map((title) => title?.split(', ')[0]))];
    expect(groups).toEqual(['weather', '&lt;script&gt;alert(1)&lt;/script&gt;', 'language', 'all']);
  });

  test('text from the input is escaped', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  test('the learning curve has a point before learning and after each step, up to all 4 prompts', () => {
    const rows = html
      .slice(html.indexOf('Metrics after each step'))
      .match(/<tr><th scope="row">([^<]+)<\/th>/g);
    expect(rows?.map((row) => row.replace(/<[^>]+>/g, ''))).toEqual(['0', '1', '2', '4']);
    expect(html.match(/<circle /g)).toHaveLength(4 * 4);
  });

  test('without --learn the report says how to get a curve', async () => {
    const plain = await runToolsift(
      [
        'eval',
        '--catalog',
        path.join(REPO_ROOT, 'metadata'),
        '--queries',
        'other.jsonl',
        '--report',
        'plain.html',
        '--index-dir',
        path.join(root, 'index'),
      ],
      { cwd: root, env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR } },
    );
    expect(plain.code).toBe(0);
    const text = await readFile(path.join(root, 'plain.html'), 'utf8');
    expect(text).toContain('No learning curve: run <code>toolsift eval --learn FILE</code>');
    expect(text.match(/<svg /g)).toHaveLength(1);
  });

  test('opened in Chromium, axe-core finds no serious violation', async () => {
    const browser = await launchTestBrowser('the eval report in Chromium');
    if (browser === undefined) return;
    try {
      const page = await browser.newPage();
      await page.goto(`file://${path.join(root, 'report.html')}`);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOnCatalog } from './run-toolsift.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-index-warnings-'));
  const catalog = path.join(root, 'catalog');
  await mkdir(catalog);
  const tool = (name: string, description: string) => ({
    name,
    description,
    inputSchema: { type: 'object', properties: {} },
  });
  await writeFile(
    path.join(catalog, 'news.tools.json'),
    JSON.stringify({
      tools: [tool('get_headlines', 'Top news headlines'), tool('search_news', 'Search news')],
    }),
  );
  // A tool without a name: one catalog error, skipped.
  await writeFile(path.join(catalog, 'broken.tools.json'), JSON.stringify({ tools: [{ description: 'x' }] }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const toolsift = (argv: string[], options: { isTTY?: boolean } = {}) => runOnCatalog(argv, root, options);

const SKIPPED = '1 catalog error(s): what each names was left out; run `toolsift validate` for all of them';
// The error itself follows, with its file and position, so the broken file is named in every mode.
const ERROR_LINE = /^toolsift: warning: \S*broken\.tools\.json(:\d+:\d+)? [A-Z_]+ .+$/m;

describe('index and catalog warnings are printed in every output mode', () => {
  test.each([
    ['query --json', ['query', 'news headlines', '--json'], {}],
    ['query piped (JSON)', ['query', 'news headlines'], {}],
    ['query --format openai', ['query', 'news headlines', '--format', 'openai'], {}],
    ['query table', ['query', 'news headlines'], { isTTY: true }],
    ['inspect --json', ['inspect', 'get_headlines', '--json'], {}],
    ['inspect', ['inspect', 'get_headlines'], { isTTY: true }],
    ['index --json', ['index', '--json'], {}],
    ['index', ['index'], {}],
  ] as [string, string[], { isTTY?: boolean }][])('%s: on stderr', async (_name, argv, options) => {
    const result = await toolsift(argv, options);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`toolsift: warning: ${SKIPPED}\n`);
    expect(result.stderr).toMatch(ERROR_LINE);
  });

  test.each([
    ['query --json', ['query', 'news headlines', '--json']],
    ['inspect --json', ['inspect', 'get_headlines', '--json']],
    ['index --json', ['index', '--json']],
  ])('%s: in the JSON as indexWarnings, the existing keys kept', async (_name, argv) => {
    const result = await toolsift(argv);
    const parsed = JSON.parse(result.stdout);
    // Each with its code: the index's own, then the catalog error's (as `toolsift validate` reports it).
    expect(parsed.indexWarnings).toEqual([
      { code: 'CATALOG_ERRORS', message: SKIPPED },
      {
        code: expect.stringMatching(/^[A-Z_]+$/),
        message: expect.stringMatching(/broken\.tools\.json(:\d+:\d+)? [A-Z_]+ /),
      },
    ]);
    expect(parsed.indexWarnings[1].message).toContain(` ${parsed.indexWarnings[1].code} `);
    const keys = Object.keys(parsed);
    expect(keys.at(-1)).toBe('indexWarnings');
    expect(keys).toEqual(expect.arrayContaining(EXISTING_KEYS[argv[0] as keyof typeof EXISTING_KEYS]));
  });

  test('--format keeps stdout the exact payload', async () => {
    const result = await toolsift(['query', 'news headlines', '--format', 'openai']);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
  });
});

// --- internal ---

const EXISTING_KEYS = {
  query: ['tools', 'unavailable', 'suggestions', 'warnings', 'timings'],
  inspect: ['tool', 'views', 'action'],
  index: ['dir', 'status', 'tools', 'embedded', 'reused', 'warnings'],
};

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createEmbedder,
  createSelector,
  type Selection,
  type SelectionRule,
  type SelectOptions,
  type Selector,
} from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, it } from 'vitest';

// Every rule touches only the fields it declares (`checkRules`), over the project catalog with use-lite, for the
// prompts we wrote for it (test/fixtures/eval) and prompts that need no tool (test/abstention), under the options
// that wake each rule: prerequisites missing or kept, expansion, a shortlist, each abstention policy.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const catalog = path.join(repoRoot, 'metadata');

let checked: Selector;
let unchecked: Selector;
let prompts: string[];
beforeAll(async () => {
  const embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  checked = await createSelector({ catalog, embedder, indexDir: false, checkRules: true });
  unchecked = await createSelector({ catalog, embedder, indexDir: false });
  const queries = await readQueries(path.join(repoRoot, 'test/fixtures/eval/metadata-queries.jsonl'));
  // One no-tool prompt of each kind: the ones abstention decides on.
  const noTool = await readQueries(path.join(repoRoot, 'test/abstention/no-tool-prompts.jsonl'));
  prompts = [...queries, ...noTool.filter((_query, position) => position % 28 === 0)];
}, 180_000);

const OPTION_SETS: Array<[string, SelectOptions]> = [
  ['defaults', {}],
  ['nothing set up', { k: 3, env: {} }],
  ['unavailable kept, expanded', { k: 3, env: {}, includeUnavailable: true, expand: true }],
  ['eager abstention', { k: 2, env: {}, abstain: 'eager' }],
  ['never abstain', { k: 5, abstain: 'never' }],
  [
    'a shortlist',
    {
      k: 2,
      env: {},
      candidates: ['send_email_smtp', 'gmail-send-message', 'get_current_weather', 'convert_currency'],
    },
  ],
];

describe('rule contracts over metadata/ (use-lite)', () => {
  it.each(OPTION_SETS)('the built-in rules touch only what they declare: %s', async (_name, options) => {
    expect(prompts.length).toBeGreaterThan(40);
    for (const prompt of prompts) {
      const selection = await checked.select(prompt, options);
      // The guard watches: it changes nothing.
      expect(withoutTimings(selection)).toEqual(withoutTimings(await unchecked.select(prompt, options)));
    }
  });

  it("fails a selection whose caller's rule reads a field it does not declare", async () => {
    const preferCheap: SelectionRule = {
      name: 'prefer-cheap',
      phase: 'after-confidence',
      reads: ['ranked'],
      writes: ['ranked'],
      apply(context) {
        context.ranked = context.ranked.filter((tool) => tool.confidence > 0.1);
      },
    };
    const selector = await createSelector({
      catalog,
      embedder: checked.embedder,
      indexDir: false,
      rules: [preferCheap],
      checkRules: true,
    });
    await expect(selector.select('will it rain in Lisbon tomorrow')).rejects.toMatchObject({
      code: 'USAGE_ERROR',
      message:
        'rule "prefer-cheap" (after-confidence) touches what it does not declare: reads confidence; it declares reads [ranked], writes [ranked]',
    });
  });
});

async function readQueries(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => (JSON.parse(line) as { query: string }).query);
}

function withoutTimings(selection: Selection): Omit<Selection, 'timings'> {
  const { timings: _timings, ...rest } = selection;
  return rest;
}

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runToolsift } from './run-toolsift.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const bench = path.resolve(repoRoot, '../shared/bench');
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-eval-cli-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const evaluate = (dataset: string, ...extra: string[]) =>
  runToolsift(
    [
      'eval',
      '--catalog',
      path.join(bench, dataset, 'tools.jsonl'),
      '--queries',
      path.join(bench, dataset, 'queries.jsonl'),
      '--embedder',
      'hash',
      '--index-dir',
      path.join(root, dataset),
      ...extra,
    ],
    { cwd: root },
  );

const hasBench = existsSync(bench);

// The public benchmark files live beside the repo (../shared/bench); without them there is nothing to evaluate.
describe.skipIf(!hasBench)(
  hasBench ? 'toolsift eval' : 'toolsift eval (skipped: ../shared/bench is absent)',
  () => {
    test('--json prints exactly the metric keys, gold names mapping to ids', async () => {
      const result = await evaluate('api-bank', '--json', '--method', 'bm25');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const summary = JSON.parse(result.stdout);
      expect(Object.keys(summary)).toEqual([
        'queries',
        'top1',
        'recall@1',
        'recall@5',
        'recall@10',
        'ndcg@10',
        'mrr',
        'abstain_correct',
        'abstain_wrong',
        'low_fit_correct',
        'low_fit_answerable',
      ]);
      expect(summary.queries).toBe(261);
      expect(summary['recall@10']).toBeGreaterThan(summary['recall@1']);
    });

    test('honours candidates, skips gold null and counts gold [] as abstention queries', async () => {
      const result = await evaluate('bfcl', '--json', '--limit', '300', '--split', 'live_irrelevance');
      const summary = JSON.parse(result.stdout);
      // Only irrelevance queries: no answerable one, so no ranking figures and no wrong abstention.
      expect(summary).toMatchObject({ queries: 300, top1: 0, abstain_wrong: null });
      expect(summary.abstain_correct + summary.low_fit_correct).toBeGreaterThan(0);
    });

    test('prints a readable summary with --learn and --limit', async () => {
      await writeFile(
        path.join(root, 'learn.jsonl'),
        '{"id":"l1","query":"put a meeting in my agenda","gold":["AddAgenda"]}\n',
      );
      const result = await evaluate('api-bank', '--limit', '20', '--learn', path.join(root, 'learn.jsonl'));
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^queries\s+20\ntop-1\s+\d\.\d{3}\n/);
      expect(result.stdout).toContain('abstained, gold []     n/a');
    });

    test('an unknown method is a usage error', async () => {
      const result = await evaluate('api-bank', '--method', 'magic');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Unknown method "magic". Valid methods: toolsift, bm25, dense.');
    });
  },
);

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { REPO_ROOT, runToolsift } from './run-toolsift.js';

// Our own queries over metadata/ (test/fixtures/eval/metadata-queries.jsonl), in the bench's common form: splits
// `everyday` (answerable, two with unknown gold), `candidates` (each with the tools it may choose from) and
// `no-tool` (gold [], with candidates).
const QUERIES = path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'metadata-queries.jsonl');
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-eval-cli-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const evaluate = (queries: string, ...extra: string[]) =>
  runToolsift(
    [
      'eval',
      '--catalog',
      path.join(REPO_ROOT, 'metadata'),
      '--queries',
      queries,
      '--embedder',
      'hash',
      '--index-dir',
      path.join(root, 'index'),
      ...extra,
    ],
    { cwd: root },
  );

describe('toolsift eval', () => {
  test('--json prints exactly the metric keys, gold names mapping to ids', async () => {
    const result = await evaluate(QUERIES, '--json', '--method', 'bm25', '--split', 'everyday');
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
    // 24 lines, of which two have gold null.
    expect(summary.queries).toBe(22);
    expect(summary['recall@10']).toBeGreaterThan(summary['recall@1']);
  });

  test('honours candidates, skips gold null and counts gold [] as abstention queries', async () => {
    const noTool = JSON.parse((await evaluate(QUERIES, '--json', '--split', 'no-tool')).stdout);
    // Only no-tool queries: no answerable one, so no ranking figures and no wrong abstention.
    expect(noTool).toMatchObject({ queries: 6, top1: 0, abstain_wrong: null });
    expect(noTool.abstain_correct + noTool.low_fit_correct).toBeGreaterThan(0);

    // The same queries without their candidates rank over the whole catalog, and find the right tool first less often.
    const lines = (await readFile(QUERIES, 'utf8'))
      .split('\n')
      .filter((line) => line.includes('"candidates"'));
    const withoutCandidates = path.join(root, 'without-candidates.jsonl');
    await writeFile(
      withoutCandidates,
      lines.map((line) => JSON.stringify({ ...JSON.parse(line), candidates: undefined })).join('\n'),
    );
    const restricted = JSON.parse(
      (await evaluate(QUERIES, '--json', '--method', 'bm25', '--split', 'candidates')).stdout,
    );
    const open = JSON.parse(
      (await evaluate(withoutCandidates, '--json', '--method', 'bm25', '--split', 'candidates')).stdout,
    );
    expect({ restricted: restricted.queries, open: open.queries }).toEqual({ restricted: 3, open: 3 });
    expect(restricted.top1).toBeGreaterThan(open.top1);
  });

  test('prints a readable summary with --learn and --limit', async () => {
    await writeFile(
      path.join(root, 'learn.jsonl'),
      '{"id":"l1","query":"put a meeting in my agenda","gold":["google-calendar-create-event"]}\n',
    );
    const result = await evaluate(
      QUERIES,
      '--split',
      'everyday',
      '--limit',
      '20',
      '--learn',
      path.join(root, 'learn.jsonl'),
    );
    expect(result.code).toBe(0);
    // 20 of the 24 lines, evenly spaced: one of them has gold null.
    expect(result.stdout).toMatch(/^queries\s+19 \(1 with unknown gold skipped\)\ntop-1\s+\d\.\d{3}\n/);
    expect(result.stdout).toContain('abstained, gold []     n/a');
  });

  test('--help says which tools the queries run against, and what a query line holds', async () => {
    const { stdout } = await runToolsift(['eval', '--help'], { cwd: root });
    expect(stdout).toMatch(
      /--catalog=<PATH> +The tools the queries are run against: a catalog file or folder .*\(default \.\/metadata\)/,
    );
    expect(stdout).toMatch(/--queries=<FILE> +Queries JSONL, one per line: \{"id", "query", "gold": /);
  });

  test('with both files missing, the error names both', async () => {
    const result = await runToolsift(['eval', '--queries', 'queries.jsonl', '--catalog', 'tools.json'], {
      cwd: root,
    });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatchInlineSnapshot(`
      "toolsift: eval cannot find the queries file queries.jsonl (--queries) or the tools tools.json (--catalog): it runs each query of the queries file against the tools of the catalog [FILE_UNREADABLE]
      "
    `);
    // Without --catalog, the default folder is named as such.
    const byDefault = await runToolsift(['eval', '--queries', 'queries.jsonl'], { cwd: root });
    expect(byDefault.stderr).toMatchInlineSnapshot(`
      "toolsift: eval cannot find the queries file queries.jsonl (--queries) or the tools ./metadata (--catalog's default): it runs each query of the queries file against the tools of the catalog [FILE_UNREADABLE]
      "
    `);
  });

  test('an unknown method is a usage error', async () => {
    const result = await evaluate(QUERIES, '--method', 'magic');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown method "magic". Valid methods: toolsift, bm25, dense.');
  });
});

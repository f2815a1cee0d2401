// `pnpm bench:accuracy` (the first half of `pnpm bench`): retrieval accuracy on every ../shared/bench dataset
// for BM25 alone, dense alone and toolsift, side by side; toolsift with learning on metatool; abstention.
// Writes bench/results/accuracy.{md,json} and the README summary. Reported queries are the held-out half of
// each dataset (tuning used the other half, see tune.ts); large query sets are subsampled evenly.
// Embeddings and indexes are cached in .cache/bench/.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluateSelector, learnedExamplesOf, type SelectOptions, type Selector } from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, loadRowQueries, repoRoot } from './bench-datasets.js';
import { benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchIndexDir, benchSelector, flushEmbeddings, warmQueries } from './bench-selector.js';
import { type AccuracyResult, renderAccuracyMarkdown, renderReadmeSummary } from './render-accuracy.js';

const EMBEDDER = process.env.BENCH_EMBEDDER ?? 'use-lite';
const only = process.env.BENCH_ROWS?.split(',');
const started = performance.now();
const results: AccuracyResult[] = [];
const abstention: AccuracyResult[] = [];
const LEARNED_VARIANT = '-learned';

for (const row of BENCH_ROWS.filter((candidate) => only === undefined || only.includes(candidate.dataset))) {
  const rowStarted = performance.now();
  const selector = await benchSelector(row.dataset, { embedder: EMBEDDER });
  const queries = await loadRowQueries(row, 'report');
  await warmQueries(selector, queries);
  for (const method of ['bm25', 'dense', 'toolsift'] as const) {
    const report = await evaluateSelector({ selector, queries, method, selectOptions: { abstain: false } });
    results.push({ row: row.label, method, queries: report.summary.queries, summary: report.summary });
  }
  // The engine as users run it (abstention on): how often it abstains, rightly and wrongly.
  const withAbstention = await evaluateSelector({ selector, queries });
  abstention.push({
    row: row.label,
    method: 'toolsift',
    queries: withAbstention.summary.queries,
    summary: withAbstention.summary,
  });
  if (row.dataset === 'metatool' && row.splits?.includes('single')) {
    const learned = await withLearning(row);
    results.push(learned.ranking);
    abstention.push(learned.defaultsOn);
  }
  log(`${row.label}: ${queries.length} queries in ${seconds(performance.now() - rowStarted)} s`);
}
await flushEmbeddings();

const { dir: resultsDir, meta } = await benchResults({ embedder: EMBEDDER, started });
await writeFile(
  path.join(resultsDir, 'accuracy.json'),
  `${JSON.stringify({ meta, results, abstention }, null, 2)}\n`,
);
await writeFile(path.join(resultsDir, 'accuracy.md'), renderAccuracyMarkdown({ results, abstention, meta }));
await updateReadme(renderReadmeSummary({ results, abstention, meta }));
log(`done in ${meta.minutes} min; wrote bench/results/accuracy.md, accuracy.json and the README summary`);

// --- internal ---

/**
 * Learn the tuning half of metatool single (prompt -> gold tool, labelled: all kept), evaluate on the reported half
 * with abstention off and with every default on. The learned index starts empty each run: what an earlier run
 * learned (under other rules) must not stay in the row.
 */
async function withLearning(row: BenchRow): Promise<{ ranking: AccuracyResult; defaultsOn: AccuracyResult }> {
  const learned = await loadRowQueries(row, 'tune', Number.POSITIVE_INFINITY);
  await rm(`${benchIndexDir(row.dataset, EMBEDDER)}${LEARNED_VARIANT}`, { recursive: true, force: true });
  const selector: Selector = await benchSelector(row.dataset, {
    embedder: EMBEDDER,
    variant: LEARNED_VARIANT,
  });
  await selector.learn(learnedExamplesOf(learned));
  await flushEmbeddings();
  const queries = await loadRowQueries(row, 'report');
  const label = `${row.label}, ${learned.length} prompts learned`;
  const result = async (selectOptions: SelectOptions): Promise<AccuracyResult> => {
    const { summary } = await evaluateSelector({ selector, queries, selectOptions });
    return { row: label, method: 'toolsift+learning', queries: summary.queries, summary };
  };
  const ranking = await result({ abstain: false });
  const defaultsOn = await result({});
  log(`${row.label}: learned ${learned.length} prompts of the tuning half`);
  return { ranking, defaultsOn };
}

async function updateReadme(summary: string): Promise<void> {
  const file = path.join(repoRoot, 'README.md');
  const readme = await readFile(file, 'utf8');
  const start = '<!-- bench:accuracy -->';
  const end = '<!-- /bench:accuracy -->';
  const block = `${start}\n${summary}${end}`;
  const next = readme.includes(start)
    ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${readme.trimEnd()}\n\n## Accuracy\n\n${block}\n`;
  await writeFile(file, next);
}

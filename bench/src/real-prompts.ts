// `pnpm bench:real-prompts` (the last part of `pnpm bench`): the hand-written prompts of test/real-prompts over
// three catalogs of the public corpora, run as BM25 alone, dense alone, toolsift ranking only and toolsift with
// every default on (abstention included). Writes bench/results/real-prompts.{md,json}, with the prompts the
// default pipeline gets wrong. Embeddings and indexes are cached in .cache/bench/.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BenchQuery,
  createSelector,
  createToolNameResolver,
  type EvalReport,
  type EvalSummary,
  evaluateSelector,
  type RankingMethod,
  type Selector,
} from '@toolsift/selector';
import { sharedDataForBench } from '@toolsift/test-support/shared-data';
import { loadRealPrompts, REAL_PROMPT_SUITES } from '../../test/real-prompts/real-prompt-suites.js';
import { benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchEmbedder, benchIndexDir, flushEmbeddings, warmQueries } from './bench-selector.js';
import {
  REAL_PROMPT_METHODS,
  type RealPromptMethod,
  type RealPromptMiss,
  type RealPromptResult,
  renderRealPromptsMarkdown,
} from './render-real-prompts.js';

const EMBEDDER = process.env.BENCH_EMBEDDER ?? 'use-lite';
/** How each method runs: its ranking method and whether abstention is on. */
const RUNS: Record<RealPromptMethod, { method: RankingMethod; abstain: boolean }> = {
  'BM25 alone': { method: 'bm25', abstain: false },
  'dense alone': { method: 'dense', abstain: false },
  'toolsift, ranking only': { method: 'toolsift', abstain: false },
  'toolsift, defaults': { method: 'toolsift', abstain: true },
};

sharedDataForBench('corpora');
const started = performance.now();
const results: RealPromptResult[] = [];
const reports = new Map<RealPromptMethod, EvalReport[]>();
const misses: RealPromptMiss[] = [];
const falseSelections: RealPromptMiss[] = [];

for (const suite of REAL_PROMPT_SUITES) {
  const suiteStarted = performance.now();
  const selector = await createSelector({
    catalog: suite.catalog,
    embedder: await benchEmbedder(EMBEDDER),
    indexDir: benchIndexDir(`real-prompts-${suite.name}`, EMBEDDER),
  });
  const queries = await loadRealPrompts(suite);
  await warmQueries(selector, queries);
  for (const method of REAL_PROMPT_METHODS) {
    const run = RUNS[method];
    // Tools whose credentials this machine lacks stay ranked: the figures must not depend on the keys set here.
    const report = await evaluateSelector({
      selector,
      queries,
      method: run.method,
      selectOptions: { includeUnavailable: true, ...(run.abstain ? {} : { abstain: false }) },
    });
    if (report.missingGold.length > 0)
      throw new Error(`${suite.name}: unknown gold ${report.missingGold.join(', ')}`);
    results.push(resultOf(suite.name, method, report));
    reports.set(method, [...(reports.get(method) ?? []), report]);
  }
  const failures = await defaultFailures(suite.name, selector, queries);
  misses.push(...failures.misses);
  falseSelections.push(...failures.selected);
  log(
    `${suite.name}: ${queries.length} prompts, ${selector.tools.length} tools, ${seconds(performance.now() - suiteStarted)} s`,
  );
}
await flushEmbeddings();
for (const method of REAL_PROMPT_METHODS)
  results.push(resultOf('overall', method, ...(reports.get(method) ?? [])));

const { dir: resultsDir, meta } = await benchResults({ embedder: EMBEDDER, started });
const markdown = renderRealPromptsMarkdown({ results, misses, falseSelections, meta });
await writeFile(
  path.join(resultsDir, 'real-prompts.json'),
  `${JSON.stringify({ meta, results, misses, falseSelections }, null, 2)}\n`,
);
await writeFile(path.join(resultsDir, 'real-prompts.md'), markdown);
process.stdout.write(markdown);
log(`done in ${meta.minutes} min; wrote bench/results/real-prompts.md and real-prompts.json`);

// --- internal ---

/** One row from the reports of one or more catalogs: ranking metrics weighted by answerable prompts,
 * right abstention by no-tool prompts. */
function resultOf(catalog: string, method: RealPromptMethod, ...parts: EvalReport[]): RealPromptResult {
  const answerable = sum(parts.map((part) => part.answerable));
  const noTool = sum(parts.map((part) => part.abstainQueries));
  const mean = (
    key: keyof EvalSummary,
    weight: (part: EvalReport) => number,
    total: number,
  ): number | null =>
    total === 0
      ? null
      : round(sum(parts.map((part) => Number(part.summary[key] ?? 0) * weight(part))) / total);
  const byAnswerable = (key: keyof EvalSummary) => mean(key, (part) => part.answerable, answerable) ?? 0;
  const summary: EvalSummary = {
    queries: answerable + noTool,
    top1: byAnswerable('top1'),
    'recall@1': byAnswerable('recall@1'),
    'recall@5': byAnswerable('recall@5'),
    'recall@10': byAnswerable('recall@10'),
    'ndcg@10': byAnswerable('ndcg@10'),
    mrr: byAnswerable('mrr'),
    abstain_correct: mean('abstain_correct', (part) => part.abstainQueries, noTool),
    abstain_wrong: mean('abstain_wrong', (part) => part.answerable, answerable),
    low_fit_correct: mean('low_fit_correct', (part) => part.abstainQueries, noTool),
    low_fit_answerable: mean('low_fit_answerable', (part) => part.answerable, answerable),
  };
  return { catalog, method, answerable, noTool, summary };
}

/** Where the default pipeline fails: answerable prompts whose top 5 holds no tool of any gold group, and no-tool
 * prompts that still get tools. */
async function defaultFailures(
  catalog: string,
  selector: Selector,
  queries: readonly BenchQuery[],
): Promise<{ misses: RealPromptMiss[]; selected: RealPromptMiss[] }> {
  const resolve = createToolNameResolver(selector);
  const misses: RealPromptMiss[] = [];
  const selected: RealPromptMiss[] = [];
  for (const query of queries) {
    if (query.gold === null) continue;
    const selection = await selector.select(query.query, { k: 10, includeUnavailable: true });
    const top = selection.tools.slice(0, 5).map((tool) => tool.id);
    const failure = { catalog, id: query.id, query: query.query, gold: query.gold, got: top.slice(0, 3) };
    if (query.gold.length === 0) {
      if (top.length > 0) selected.push(failure);
      continue;
    }
    const groups = query.goldGroups ?? query.gold.map((name) => [name]);
    const gold = new Set(groups.flat().map((name) => resolve(name) ?? name));
    if (!top.some((id) => gold.has(id))) misses.push(failure);
  }
  return { misses, selected };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

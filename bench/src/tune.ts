// Tuning of the ranking defaults, on the tuning halves only (the reported halves in run.ts are never seen here).
// 1. A grid of fusion settings: nDCG@10 / top-1 per dataset row. 2. A logistic fit of the confidence coefficients.
// Run: node --import tsx/esm --conditions=@toolsift/source bench/src/tune.ts [--grid] [--confidence]
import { parseArgs } from 'node:util';
import {
  type BenchQuery,
  createToolNameResolver,
  evaluateSelector,
  type RankingWeightOverrides,
  type Selection,
  type Selector,
} from '@toolsift/selector';
import { BENCH_ROWS, loadRowQueries } from './bench-datasets.js';
import { benchSelector, warmQueries } from './bench-selector.js';
import { fitLogistic, type LogisticModel, logitOf } from './fit-logistic.js';

const { values } = parseArgs({ options: { grid: { type: 'boolean' }, confidence: { type: 'boolean' } } });
const GRID: Array<[string, RankingWeightOverrides]> = [
  ['score .7/.3', { fusion: { mode: 'score', dense: 0.7, multiSentenceDense: 0.7, lexical: 0.3 } }],
  ['score .3/.7', { fusion: { mode: 'score', dense: 0.3, multiSentenceDense: 0.3, lexical: 0.7 } }],
  [
    'rank k10 .4/.6',
    { fusion: { mode: 'rank', rrfK: 10, dense: 0.4, multiSentenceDense: 0.4, lexical: 0.6 } },
  ],
  ['zscore .4/.6', { fusion: { dense: 0.4, multiSentenceDense: 0.4, lexical: 0.6 } }],
  ['zscore .5/.5', { fusion: { dense: 0.5, multiSentenceDense: 0.5, lexical: 0.5 } }],
  ['zscore .5/.5, multi-sentence .3 (default)', {}],
  ['default, no sentence embedding', { views: { sentence: 0 } }],
];

const CONFIDENCE_FEATURES = ['score', 'margin', 'fused', 'similarity', 'lexical', 'exactName'] as const;

const rows: Array<{ label: string; selector: Selector; queries: BenchQuery[] }> = [];
for (const row of BENCH_ROWS) {
  const selector = await benchSelector(row.dataset, { embedder: 'use-lite' });
  const queries = await loadRowQueries(row, 'tune', 700);
  await warmQueries(selector, queries);
  rows.push({ label: row.label, selector, queries });
}

if (values.grid === true) {
  console.log(`| setting | ${rows.map((row) => row.label).join(' | ')} | mean |`);
  for (const [name, weights] of [['bm25 alone', {}], ['dense alone', {}], ...GRID] as Array<
    [string, RankingWeightOverrides]
  >) {
    const method = name === 'bm25 alone' ? 'bm25' : name === 'dense alone' ? 'dense' : 'toolsift';
    const cells: number[] = [];
    for (const row of rows) {
      const report = await evaluateSelector({ ...row, method, selectOptions: { abstain: false, weights } });
      cells.push(report.summary['ndcg@10']);
    }
    const mean = cells.reduce((sum, cell) => sum + cell, 0) / cells.length;
    console.log(`| ${name} | ${cells.map((cell) => cell.toFixed(3)).join(' | ')} | ${mean.toFixed(4)} |`);
  }
}

if (values.confidence === true) {
  // Features of the top 5 tools of each answerable query, labelled by whether the tool is gold.
  const samples: Array<{ features: Float64Array; label: number }> = [];
  for (const row of rows) {
    // Bench files name tools as written in tools.jsonl; map them to the selector's ids as `evaluateSelector` does.
    const resolve = createToolNameResolver(row.selector);
    for (const query of row.queries.slice(0, 300)) {
      if (query.gold === null || query.gold.length === 0) continue;
      const gold = new Set(query.gold.map((name) => resolve(name) ?? name));
      const candidates = query.candidates?.map((name) => resolve(name) ?? name);
      const selection = await row.selector.select(query.query, {
        k: 5,
        abstain: false,
        ...(candidates !== undefined ? { candidates } : {}),
      });
      selection.tools.forEach((tool, index) => {
        samples.push({
          features: confidenceFeatures(selection, index),
          label: Number(gold.has(tool.id)),
        });
      });
    }
  }
  // A little ridge (on standardised features), every sample weighted alike.
  const model = fitLogistic(
    {
      rows: samples.map((sample) => sample.features),
      labels: samples.map((sample) => sample.label),
      weights: samples.map(() => 1),
    },
    CONFIDENCE_FEATURES.map(() => 1e-3),
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  console.log({
    bias: round(model.bias),
    ...Object.fromEntries(
      CONFIDENCE_FEATURES.map((name, index) => [name, round(model.coefficients[index] ?? 0)]),
    ),
  });
  console.log('reliability (predicted -> observed, count):');
  for (let bucket = 0; bucket < 10; bucket++) {
    const inBucket = samples.filter(
      (sample) => Math.min(9, Math.floor(predict(model, sample.features) * 10)) === bucket,
    );
    if (inBucket.length === 0) continue;
    const observed = inBucket.reduce((sum, sample) => sum + sample.label, 0) / inBucket.length;
    console.log(
      `  ${(bucket / 10).toFixed(1)}-${((bucket + 1) / 10).toFixed(1)}: ${observed.toFixed(3)} (${inBucket.length})`,
    );
  }
}

// --- internal ---

/** The confidence stage's inputs, read back from a selection's reasons (in `CONFIDENCE_FEATURES` order). */
function confidenceFeatures(selection: Selection, index: number): Float64Array {
  const tool = selection.tools[index]!;
  const next = selection.tools[index + 1];
  let fusion: { fused: number; lexical: number } | undefined;
  let similarity: number | undefined;
  for (const reason of tool.reasons) {
    if (reason.kind === 'fusion') fusion ??= reason.details;
    if (reason.kind === 'dense') similarity ??= reason.details.similarity;
  }
  return Float64Array.of(
    tool.score,
    next === undefined ? tool.score : Math.max(0, tool.score - next.score),
    fusion?.fused ?? 0,
    similarity ?? 0,
    fusion?.lexical ?? 0,
    Number(tool.reasons.some((reason) => reason.kind === 'exact-name')),
  );
}

function predict(model: LogisticModel, features: Float64Array): number {
  return 1 / (1 + Math.exp(-logitOf(model, features)));
}

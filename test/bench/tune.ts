// Tuning of the ranking defaults, on the tuning halves only (the reported halves in run.ts are never seen here).
// 1. A grid of fusion settings: nDCG@10 / top-1 per dataset row. 2. A logistic fit of the confidence coefficients.
// Run: node --import tsx/esm --conditions=@toolsift/source test/bench/tune.ts [--grid] [--confidence]
import { parseArgs } from 'node:util';
import {
  type BenchQuery,
  evaluateSelector,
  type RankingWeights,
  type Selection,
  type Selector,
} from '@toolsift/selector';
import { BENCH_ROWS, loadRowQueries } from './bench-datasets.js';
import { benchSelector, warmQueries } from './bench-selector.js';

const { values } = parseArgs({ options: { grid: { type: 'boolean' }, confidence: { type: 'boolean' } } });
const GRID: Array<[string, Partial<RankingWeights>]> = [
  ['score .7/.3', { fusion: 'score', dense: 0.7, multiSentenceDense: 0.7, lexical: 0.3 }],
  ['score .3/.7', { fusion: 'score', dense: 0.3, multiSentenceDense: 0.3, lexical: 0.7 }],
  ['rank k10 .4/.6', { fusion: 'rank', rrfK: 10, dense: 0.4, multiSentenceDense: 0.4, lexical: 0.6 }],
  ['zscore .4/.6', { dense: 0.4, multiSentenceDense: 0.4, lexical: 0.6 }],
  ['zscore .5/.5', { dense: 0.5, multiSentenceDense: 0.5, lexical: 0.5 }],
  ['zscore .5/.5, multi-sentence .3 (default)', {}],
  ['default, no sentence embedding', { segmentWeight: 0 }],
];

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
    [string, Partial<RankingWeights>]
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
  const samples: Array<{ features: number[]; label: number }> = [];
  for (const row of rows) {
    for (const query of row.queries.slice(0, 300)) {
      if (query.gold === null || query.gold.length === 0) continue;
      const selection = await row.selector.select(query.query, {
        k: 5,
        abstain: false,
        ...(query.candidates !== undefined ? { candidates: query.candidates } : {}),
      });
      selection.tools.forEach((tool, index) => {
        samples.push({
          features: confidenceFeatures(selection, index),
          label: Number(query.gold!.includes(tool.id)),
        });
      });
    }
  }
  const coefficients = fitLogistic(samples);
  const names = ['bias', 'score', 'margin', 'fused', 'similarity', 'lexical', 'exactName'];
  console.log(
    Object.fromEntries(
      names.map((name, index) => [name, Math.round((coefficients[index] ?? 0) * 100) / 100]),
    ),
  );
  console.log('reliability (predicted -> observed, count):');
  for (let bucket = 0; bucket < 10; bucket++) {
    const inBucket = samples.filter(
      (sample) => Math.min(9, Math.floor(predict(coefficients, sample.features) * 10)) === bucket,
    );
    if (inBucket.length === 0) continue;
    const observed = inBucket.reduce((sum, sample) => sum + sample.label, 0) / inBucket.length;
    console.log(
      `  ${(bucket / 10).toFixed(1)}-${((bucket + 1) / 10).toFixed(1)}: ${observed.toFixed(3)} (${inBucket.length})`,
    );
  }
}

// --- internal ---

/** The confidence stage's inputs, read back from a selection's reasons (same order as `names` above). */
function confidenceFeatures(selection: Selection, index: number): number[] {
  const tool = selection.tools[index]!;
  const next = selection.tools[index + 1];
  const details = (kind: string) => tool.reasons.find((reason) => reason.kind === kind)?.details ?? {};
  const fusion = details('fusion');
  return [
    1,
    tool.score,
    next === undefined ? tool.score : Math.max(0, tool.score - next.score),
    Number(fusion.fused ?? 0),
    Number(details('dense').similarity ?? 0),
    Number(fusion.lexical ?? 0),
    Number(tool.reasons.some((reason) => reason.kind === 'exact-name')),
  ];
}

function predict(coefficients: readonly number[], features: readonly number[]): number {
  const logit = features.reduce((sum, feature, index) => sum + feature * (coefficients[index] ?? 0), 0);
  return 1 / (1 + Math.exp(-logit));
}

/** Logistic regression by Newton's method (IRLS) with a little ridge; seven features converge in a few steps. */
function fitLogistic(samples: ReadonlyArray<{ features: number[]; label: number }>): number[] {
  const size = samples[0]?.features.length ?? 0;
  let coefficients = new Array<number>(size).fill(0);
  for (let step = 0; step < 25; step++) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, (_, row) =>
      Array.from({ length: size }, (_, column): number => (row === column ? 1e-3 : 0)),
    );
    for (const sample of samples) {
      const p = predict(coefficients, sample.features);
      sample.features.forEach((feature, row) => {
        gradient[row] = (gradient[row] ?? 0) + (p - sample.label) * feature;
        sample.features.forEach((other, column) => {
          hessian[row]![column] = (hessian[row]![column] ?? 0) + p * (1 - p) * feature * other;
        });
      });
    }
    const delta = solve(hessian, gradient);
    coefficients = coefficients.map((value, index) => value - (delta[index] ?? 0));
  }
  return coefficients;
}

/** Solve A x = b by Gaussian elimination with partial pivoting. */
function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const a = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++)
      if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
    [a[column], a[pivot]] = [a[pivot]!, a[column]!];
    for (let row = column + 1; row < size; row++) {
      const factor = a[row]![column]! / a[column]![column]!;
      for (let k = column; k <= size; k++) a[row]![k] = a[row]![k]! - factor * a[column]![k]!;
    }
  }
  const x = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row--) {
    let sum = a[row]![size]!;
    for (let k = row + 1; k < size; k++) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

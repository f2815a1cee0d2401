/**
 * Abstention bench: fits the abstention model on the tune halves and reports the reported halves.
 * Rows: metatool awareness (awareness_negative = gold [] vs awareness_positive), bfcl with candidates
 * (irrelevance / live_irrelevance = gold []). Run: `node --import tsx/esm --conditions=@toolsift/source test/bench/abstention.ts [--fit]`.
 */
import type { BenchQuery, Selector } from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, loadRowQueries } from './bench-datasets.js';
import { benchSelector, warmQueries } from './bench-selector.js';

interface Sample {
  signals: Record<string, number>;
  fit: number;
  isNegative: boolean;
  isExact: boolean;
}

const FEATURES = ['denseMax', 'denseMargin', 'denseSpread', 'coverage', 'bm25', 'promptTerms'] as const;

const rows: Array<{ row: BenchRow; label: string }> = [
  { row: rowOf('metatool awareness'), label: 'metatool awareness' },
  { row: { ...rowOf('bfcl (candidates)'), limit: 1200 }, label: 'bfcl (candidates)' },
];

const isFitting = process.argv.includes('--fit');
for (const { row, label } of rows) {
  const selector = await benchSelector(row.dataset, { embedder: 'use-lite' });
  const tune = await collect(selector, await loadRowQueries(row, 'tune'));
  const report = await collect(selector, await loadRowQueries(row, 'report'));
  const negatives = report.filter((sample) => sample.isNegative).length;
  process.stdout.write(`\n${label}: tune ${tune.length}, report ${report.length} (${negatives} gold [])\n`);
  process.stdout.write(`  shipped model, threshold 0.5: ${describe(report, (sample) => sample.fit < 0.5)}\n`);
  for (const feature of FEATURES) {
    const threshold = thresholdAt(tune, (sample) => sample.signals[feature] ?? 0, 0.1);
    process.stdout.write(
      `  ${feature} alone (<${threshold.toFixed(3)}, 0.10 wrong on tune): ${describe(report, (sample) => (sample.signals[feature] ?? 0) < threshold)}\n`,
    );
  }
  if (isFitting) {
    const model = fitLogistic(tune);
    const score = (sample: Sample): number => predict(model, sample);
    const threshold = thresholdAt(tune, score, 0.1);
    process.stdout.write(
      `  fitted ${JSON.stringify(model)}; threshold ${threshold.toFixed(3)}: ${describe(report, (sample) => score(sample) < threshold)}\n`,
    );
  }
}

// --- internal ---

function rowOf(label: string): BenchRow {
  const row = BENCH_ROWS.find((entry) => entry.label === label);
  if (row === undefined) throw new Error(`no bench row ${label}`);
  return row;
}

async function collect(selector: Selector, queries: readonly BenchQuery[]): Promise<Sample[]> {
  await warmQueries(selector, queries);
  const samples: Sample[] = [];
  for (const query of queries) {
    if (query.gold === null) continue;
    const selection = await selector.select(query.query, {
      k: 5,
      threshold: 0,
      ...(query.candidates !== undefined ? { candidates: query.candidates } : {}),
    });
    const best = selection.tools[0];
    const reason = best?.reasons.find((entry) => entry.kind === 'abstention');
    const details = (reason?.details ?? {}) as Record<string, number>;
    samples.push({
      signals: Object.fromEntries(FEATURES.map((feature) => [feature, details[feature] ?? 0])),
      fit: best === undefined ? 0 : (details.fit ?? 1),
      isNegative: query.gold.length === 0,
      isExact: best?.reasons.some((entry) => entry.kind === 'exact-name') === true,
    });
  }
  return samples;
}

/** Share of gold [] abstained (correct) and of answerable abstained (wrong). */
function describe(samples: readonly Sample[], abstains: (sample: Sample) => boolean): string {
  const negatives = samples.filter((sample) => sample.isNegative);
  const positives = samples.filter((sample) => !sample.isNegative);
  const correct =
    negatives.filter((sample) => !sample.isExact && abstains(sample)).length / Math.max(1, negatives.length);
  const wrong =
    positives.filter((sample) => !sample.isExact && abstains(sample)).length / Math.max(1, positives.length);
  return `abstain_correct ${correct.toFixed(3)}, abstain_wrong ${wrong.toFixed(3)}`;
}

/** The largest threshold whose wrong-abstention share on `samples` stays at or under `maxWrong`. */
function thresholdAt(
  samples: readonly Sample[],
  score: (sample: Sample) => number,
  maxWrong: number,
): number {
  const positives = samples
    .filter((sample) => !sample.isNegative)
    .map(score)
    .sort((a, b) => a - b);
  const index = Math.floor(positives.length * maxWrong);
  return positives[index] ?? 0;
}

function vectorOf(sample: Sample): number[] {
  const s = sample.signals;
  return [
    1,
    s.denseMax ?? 0,
    s.denseMargin ?? 0,
    s.denseSpread ?? 0,
    s.coverage ?? 0,
    Math.log1p(s.bm25 ?? 0),
    Math.log1p(s.promptTerms ?? 0),
  ];
}

function predict(model: readonly number[], sample: Sample): number {
  return logistic(model, vectorOf(sample));
}

function logistic(model: readonly number[], x: readonly number[]): number {
  return 1 / (1 + Math.exp(-x.reduce((sum, value, index) => sum + value * (model[index] ?? 0), 0)));
}

/** Logistic regression (label 1 = answerable) by gradient descent on standardised features, returned unstandardised. */
function fitLogistic(samples: readonly Sample[]): number[] {
  const rows = samples.map(vectorOf);
  const width = rows[0]?.length ?? 0;
  const mean = Array.from({ length: width }, (_, j) =>
    j === 0 ? 0 : rows.reduce((sum, row) => sum + (row[j] ?? 0), 0) / rows.length,
  );
  const spread = Array.from({ length: width }, (_, j) =>
    j === 0
      ? 1
      : Math.sqrt(rows.reduce((sum, row) => sum + ((row[j] ?? 0) - (mean[j] ?? 0)) ** 2, 0) / rows.length) ||
        1,
  );
  const scaled = rows.map((row) =>
    row.map((value, j) => (j === 0 ? 1 : (value - (mean[j] ?? 0)) / (spread[j] ?? 1))),
  );
  const model = new Array<number>(width).fill(0);
  for (let epoch = 0; epoch < 3000; epoch++) {
    const gradient = new Array<number>(width).fill(0);
    scaled.forEach((x, i) => {
      const error = logistic(model, x) - (samples[i]?.isNegative ? 0 : 1);
      x.forEach((value, j) => {
        gradient[j] = (gradient[j] ?? 0) + error * value;
      });
    });
    gradient.forEach((value, j) => {
      model[j] = (model[j] ?? 0) - (0.5 * value) / samples.length;
    });
  }
  const weights = model.map((value, j) => (j === 0 ? value : value / (spread[j] ?? 1)));
  weights[0] =
    (model[0] ?? 0) -
    model.slice(1).reduce((sum, value, j) => sum + (value * (mean[j + 1] ?? 0)) / (spread[j + 1] ?? 1), 0);
  return weights.map((value) => Math.round(value * 100) / 100);
}

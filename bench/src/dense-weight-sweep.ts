// Does the fusion's best dense weight follow how alike a catalog's tools are? Per bench row (the '(candidates)'
// rows left out): the median / mean cosine between a tool's description vector and its nearest other tool's, and
// nDCG@10 / R@5 for dense weights 0.2–0.8 on the tuning half (cap 700) and on the reported half, then a
// leave-one-dataset-out check of a weight picked from the statistic (metatool's three rows count as one dataset).
// Run: node --import tsx/esm --conditions=@toolsift/source bench/src/dense-weight-sweep.ts [--analyze-only]
// Writes .cache/bench/dense-weight-sweep.json; --analyze-only reads it back and prints the tables without evaluating.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchQuery, evaluateSelector, type Selector } from '@toolsift/selector';
import { BENCH_ROWS, loadRowQueries } from './bench-datasets.js';
import { benchCacheDir, benchSelector, flushEmbeddings, warmQueries } from './bench-selector.js';

const OUTPUT = path.join(benchCacheDir, 'dense-weight-sweep.json');
const WEIGHTS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] as const;
const DEFAULT_WEIGHT = 0.5;
const SAMPLE_TOOLS = 1000;
const TUNE_CAP = 700;

interface Metrics {
  ndcg: number;
  recall5: number;
  queries: number;
}

interface RowResult {
  label: string;
  dataset: string;
  /** Nearest-other-tool cosine of the description view vectors, over the sampled tools. */
  nearest: { median: number; mean: number; sampled: number; tools: number };
  tune: Record<string, Metrics>;
  report: Record<string, Metrics>;
  reportBm25: Metrics;
  reportDense: Metrics;
}

const { values } = parseArgs({ options: { 'analyze-only': { type: 'boolean' } } });

const results: RowResult[] =
  values['analyze-only'] === true ? JSON.parse(await readFile(OUTPUT, 'utf8')) : await sweep();
printTable(results);
printLeaveOneOut(results);

// --- internal ---

async function sweep(): Promise<RowResult[]> {
  const out: RowResult[] = [];
  const statistics = new Map<string, RowResult['nearest']>();
  for (const row of BENCH_ROWS) {
    if (row.useCandidates) continue;
    const started = Date.now();
    const selector = await benchSelector(row.dataset, { embedder: 'use-lite' });
    let nearest = statistics.get(row.dataset);
    if (nearest === undefined) {
      nearest = await nearestOtherCosine(selector);
      statistics.set(row.dataset, nearest);
    }
    const tuneQueries = await loadRowQueries(row, 'tune', TUNE_CAP);
    const reportQueries = await loadRowQueries(row, 'report');
    await warmQueries(selector, [...tuneQueries, ...reportQueries]);
    const tune: Record<string, Metrics> = {};
    const report: Record<string, Metrics> = {};
    for (const weight of WEIGHTS) {
      tune[weight.toFixed(1)] = await measure(selector, tuneQueries, 'toolsift', weight);
      report[weight.toFixed(1)] = await measure(selector, reportQueries, 'toolsift', weight);
    }
    const result: RowResult = {
      label: row.label,
      dataset: row.dataset,
      nearest,
      tune,
      report,
      reportBm25: await measure(selector, reportQueries, 'bm25'),
      reportDense: await measure(selector, reportQueries, 'dense'),
    };
    out.push(result);
    await writeFile(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
    process.stderr.write(
      `${row.label}: median ${nearest.median.toFixed(3)}, ${tuneQueries.length} tune / ${reportQueries.length} report queries, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }
  await flushEmbeddings();
  return out;
}

async function measure(
  selector: Selector,
  queries: readonly BenchQuery[],
  method: 'toolsift' | 'bm25' | 'dense',
  weight = DEFAULT_WEIGHT,
): Promise<Metrics> {
  const weights = {
    fusion: { dense: weight, lexical: 1 - weight, multiSentenceDense: Math.max(0.1, weight - 0.2) },
  };
  const report = await evaluateSelector({
    selector,
    queries,
    method,
    selectOptions: { abstain: false, ...(method === 'toolsift' ? { weights } : {}) },
  });
  return { ndcg: report.summary['ndcg@10'], recall5: report.summary['recall@5'], queries: report.answerable };
}

/**
 * For up to `SAMPLE_TOOLS` tools spread evenly over the catalog, the cosine of the tool's (first) description view
 * vector with the nearest description view vector of any other tool in the whole catalog, by brute force. The
 * vectors come from the bench embedder (cached by text, the same vectors the index holds).
 */
async function nearestOtherCosine(selector: Selector): Promise<RowResult['nearest']> {
  const texts: string[] = [];
  for (const tool of selector.tools) {
    const view = selector.views(tool.id).find((candidate) => candidate.kind === 'description');
    if (view !== undefined) texts.push(view.text);
  }
  const vectors = await selector.embedder.embed(texts);
  await flushEmbeddings();
  const count = Math.min(SAMPLE_TOOLS, vectors.length);
  const cosines: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = Math.floor((i * vectors.length) / count);
    const own = vectors[index]!;
    let best = -Infinity;
    for (const [other, vector] of vectors.entries()) {
      if (other === index) continue;
      let dot = 0;
      for (let d = 0; d < own.length; d++) dot += own[d]! * vector[d]!;
      if (dot > best) best = dot;
    }
    cosines.push(best);
  }
  cosines.sort((a, b) => a - b);
  const middle = cosines.length / 2;
  const median =
    cosines.length % 2 === 1 ? cosines[Math.floor(middle)]! : (cosines[middle - 1]! + cosines[middle]!) / 2;
  const mean = cosines.reduce((sum, value) => sum + value, 0) / cosines.length;
  return { median, mean, sampled: count, tools: selector.tools.length };
}

function printTable(rows: readonly RowResult[]): void {
  const head = WEIGHTS.map((weight) => weight.toFixed(1));
  console.log('\n### nDCG@10 (R@5) by dense weight\n');
  console.log(`| row | median nn cos | mean nn cos | half | ${head.join(' | ')} | bm25 | dense |`);
  console.log(`|---|---|---|---|${head.map(() => '---').join('|')}|---|---|`);
  for (const row of rows) {
    const cell = (metrics: Metrics) => `${metrics.ndcg.toFixed(3)} (${metrics.recall5.toFixed(3)})`;
    const best = (half: Record<string, Metrics>) => bestWeight(half).toFixed(1);
    console.log(
      `| ${row.label} | ${row.nearest.median.toFixed(3)} | ${row.nearest.mean.toFixed(3)} | tune (best ${best(row.tune)}) | ${head.map((key) => cell(row.tune[key]!)).join(' | ')} | | |`,
    );
    console.log(
      `| | | | report (best ${best(row.report)}) | ${head.map((key) => cell(row.report[key]!)).join(' | ')} | ${cell(row.reportBm25)} | ${cell(row.reportDense)} |`,
    );
  }
}

/** The weight of the highest nDCG (ties to the weight nearest the default). */
function bestWeight(half: Record<string, number> | Record<string, Metrics>): number {
  let best = DEFAULT_WEIGHT;
  let bestValue = -Infinity;
  const ordered = [...WEIGHTS].sort(
    (a, b) => Math.abs(a - DEFAULT_WEIGHT) - Math.abs(b - DEFAULT_WEIGHT) || a - b,
  );
  for (const weight of ordered) {
    const entry = half[weight.toFixed(1)]!;
    const value = typeof entry === 'number' ? entry : entry.ndcg;
    if (value > bestValue + 1e-12) {
      best = weight;
      bestValue = value;
    }
  }
  return best;
}

/** One point per dataset: its statistic, the mean tune nDCG of its rows per weight, and its tune optimum. */
interface DatasetPoint {
  dataset: string;
  median: number;
  tune: Record<string, number>;
  best: number;
}

function printLeaveOneOut(rows: readonly RowResult[]): void {
  const points: DatasetPoint[] = [];
  for (const dataset of new Set(rows.map((row) => row.dataset))) {
    const members = rows.filter((row) => row.dataset === dataset);
    const tune = Object.fromEntries(
      WEIGHTS.map((weight) => {
        const key = weight.toFixed(1);
        return [key, members.reduce((sum, row) => sum + row.tune[key]!.ndcg, 0) / members.length];
      }),
    );
    points.push({ dataset, median: members[0]!.nearest.median, tune, best: bestWeight(tune) });
  }
  console.log("\n### Leave one dataset out (fits on the other datasets' tune optima / tune nDCG)\n");
  console.log(
    '| row | median | tune best | line w (a, b) | threshold w (rule) | report default 0.5 | report line | report threshold | bar max(bm25,dense)-0.005 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const point of points) {
    const training = points.filter((other) => other.dataset !== point.dataset);
    const line = fitLine(training);
    const lineWeight = snap(clamp(line.a + line.b * point.median));
    const threshold = fitThreshold(training);
    const thresholdWeight = point.median < threshold.cut ? threshold.low : threshold.high;
    for (const row of rows.filter((candidate) => candidate.dataset === point.dataset)) {
      const bar = Math.max(row.reportBm25.ndcg, row.reportDense.ndcg) - 0.005;
      const mark = (value: number) => `${value.toFixed(3)}${value < bar ? ' ✗' : ''}`;
      console.log(
        `| ${row.label} | ${point.median.toFixed(3)} | ${point.best.toFixed(1)} | ${lineWeight.toFixed(1)} (${line.a.toFixed(2)}, ${line.b.toFixed(2)}) | ${thresholdWeight.toFixed(1)} (median < ${threshold.cut.toFixed(3)} → ${threshold.low.toFixed(1)}, else ${threshold.high.toFixed(1)}) | ${mark(row.report['0.5']!.ndcg)} | ${mark(row.report[lineWeight.toFixed(1)]!.ndcg)} | ${mark(row.report[thresholdWeight.toFixed(1)]!.ndcg)} | ${bar.toFixed(3)} |`,
      );
    }
  }
  console.log('\n✗ = below the bar.');
}

/** Least squares of w = a + b·median on the tune optima (clamping applied when predicting). */
function fitLine(points: readonly DatasetPoint[]): { a: number; b: number } {
  const meanX = points.reduce((sum, point) => sum + point.median, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.best, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.median - meanX) * (point.best - meanY);
    variance += (point.median - meanX) ** 2;
  }
  const b = variance === 0 ? 0 : covariance / variance;
  return { a: meanY - b * meanX, b };
}

/**
 * Two weights split at a median cut, chosen to maximise the training datasets' mean tune nDCG (cuts halfway
 * between neighbouring statistics; ties to the smaller spread of weights).
 */
function fitThreshold(points: readonly DatasetPoint[]): { cut: number; low: number; high: number } {
  const sorted = [...points].sort((a, b) => a.median - b.median);
  let best = { cut: 0, low: DEFAULT_WEIGHT, high: DEFAULT_WEIGHT, value: -Infinity, spread: Infinity };
  for (let split = 1; split < sorted.length; split++) {
    const cut = (sorted[split - 1]!.median + sorted[split]!.median) / 2;
    for (const low of WEIGHTS) {
      for (const high of WEIGHTS) {
        const value = sorted.reduce(
          (sum, point) => sum + point.tune[(point.median < cut ? low : high).toFixed(1)]!,
          0,
        );
        const spread = Math.abs(low - high);
        if (value > best.value + 1e-12 || (Math.abs(value - best.value) <= 1e-12 && spread < best.spread)) {
          best = { cut, low, high, value, spread };
        }
      }
    }
  }
  return { cut: best.cut, low: best.low, high: best.high };
}

function clamp(weight: number): number {
  return Math.min(0.8, Math.max(0.2, weight));
}

/** The nearest grid weight. */
function snap(weight: number): number {
  return Math.round(weight * 10) / 10;
}

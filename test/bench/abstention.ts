/**
 * Abstention bench: fits the abstention model on the tune halves of the bench rows and reports the held-out
 * halves. Negatives (`gold: []`): metatool awareness_negative (whole catalog) and bfcl irrelevance /
 * live_irrelevance (per-query candidates); positives: every answerable row, so the default stays sensible
 * on catalogs without negatives.
 * Run: `node --import tsx/esm --conditions=@toolsift/source test/bench/abstention.ts [--fit] [--lodo] [--cached]`
 * - no flag: the shipped model on the held-out halves;
 * - `--fit`: refit (5-fold out-of-fold scores on the tune halves calibrate the thresholds), write
 *   packages/selector/src/rules/abstention-weights.ts, report the held-out halves;
 * - `--lodo`: with `--fit`, also refit without each answerable-only dataset and report its wrong abstention;
 * - `--cached`: reuse the samples of the last run (.cache/bench) instead of running the selector again.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ABSTENTION_FEATURES,
  type AbstentionFeature,
  type AbstentionModel,
  abstentionFeatures,
  abstentionLogit,
} from '../../packages/selector/src/rules/abstention-model.js';
import type { AbstentionSignals } from '../../packages/selector/src/rules/abstention-signals.js';
import { type AbstentionSample, abstentionSamples, SAMPLES_PER_PART } from './abstention-samples.js';
import { repoRoot } from './bench-datasets.js';
import { fitLogistic, type LogisticModel, logitOf } from './fit-logistic.js';
import { markdownTable } from './render-accuracy.js';

const { values } = parseArgs({
  options: { fit: { type: 'boolean' }, lodo: { type: 'boolean' }, cached: { type: 'boolean' } },
});
const EMBEDDER = 'use-lite';
const FEATURES = ABSTENTION_FEATURES;
/** Out-of-fold wrong-abstention budget on the tune half that sets each regime's threshold. */
const BUDGET = { catalog: 0.05, shortlist: 0.05 };
const LEAVE_ONE_OUT = 'refit without the dataset';
const CALIBRATION_ROWS = { catalog: 'metatool awareness', shortlist: 'bfcl (candidates)' };
/** L2 penalties on standardised columns: light on the 17 signal columns, heavy on the 512 prompt columns. */
const PENALTY = { signals: 1, prompt: 1000 };
const FOLDS = 5;
const WEIGHTS_FILE = path.join(repoRoot, 'packages/selector/src/rules/abstention-weights.ts');
const RESULTS_FILE = path.join(repoRoot, 'bench/results/abstention.md');

/** A sample's signals with 0 for any it lacks (a tool the prompt names, or nothing ranked, records none). */
const NO_SIGNALS: AbstentionSignals = {
  denseMax: 0,
  denseMargin: 0,
  denseSpread: 0,
  coverage: 0,
  bm25: 0,
  bm25Margin: 0,
  agreement: 0,
  promptTerms: 0,
  shortlist: 0,
};

const samples = await abstentionSamples({ embedder: EMBEDDER, isFresh: values.cached !== true });
const tune = samples.filter((sample) => sample.part === 'tune');
const report = samples.filter((sample) => sample.part === 'report');
const rowLabels = [...new Set(samples.map((sample) => sample.row))];

const columns: Array<[string, (sample: AbstentionSample) => boolean]> = [
  ['shipped', (sample) => sample.fit < 0.5],
  ['best cosine alone', aloneAbstains('denseMax')],
];
if (values.fit === true) {
  const signalModel = fitShipped({ samples: tune, withPrompt: false });
  const promptModel = fitShipped({ samples: tune, withPrompt: true });
  await writeWeights(signalModel.model, promptModel.model);
  process.stdout.write(
    `out-of-fold on the tune halves: signals only ${signalModel.oof}; with the prompt head ${promptModel.oof}\n`,
  );
  columns.push(
    ['refit, signals only', (sample) => modelLogit(signalModel.model, sample) < 0],
    ['refit, with prompt head', (sample) => modelLogit(promptModel.model, sample) < 0],
  );
  if (values.lodo === true) columns.push([LEAVE_ONE_OUT, leaveOneOut(tune)]);
}
const tableRows = rowLabels.map((row) => [
  row,
  ...columns.map(([name, abstains]) =>
    name === LEAVE_ONE_OUT && isCalibrationDataset(row)
      ? 'n/a (calibration)'
      : describe(
          report.filter((sample) => sample.row === row),
          abstains,
        ),
  ),
]);
const table = markdownTable(['row', ...columns.map(([name]) => name)], tableRows).join('\n');
process.stdout.write(`\nHeld-out halves: abstained on gold [] / on answerable (threshold 0.5)\n\n${table}\n`);
await writeFile(RESULTS_FILE, resultsMarkdown(table));
process.stdout.write(`wrote ${path.relative(repoRoot, RESULTS_FILE)}\n`);

// --- internal ---

function resultsMarkdown(table: string): string {
  return [
    '# Abstention',
    '',
    `Written by \`test/bench/abstention.ts${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(' ')}` : ''}\` with the \`${EMBEDDER}\` embedder.`,
    `Each cell: share of \`gold: []\` queries abstained on (right) / share of answerable queries abstained on (wrong),`,
    `on the held-out half of each row (answerable queries: at most ${SAMPLES_PER_PART} evenly spaced per half). Columns:`,
    '- `shipped`: the model in abstention-weights.ts when the samples were taken (default threshold 0.5);',
    "- `best cosine alone`: a threshold on the best cosine set where 10% of the row's tune-half answerable queries fall below;",
    '- `refit, ...`: the model refitted on the tune halves, signals only / with the prompt head (what `--fit` writes);',
    "- `refit without the dataset`: refitted with none of that dataset's queries (thresholds kept): how the default",
    '  carries over to a catalog it has never seen (not done for metatool and bfcl, whose no-tool queries calibrate',
    '  the thresholds).',
    '',
    table,
    '',
  ].join('\n');
}

function signalsOf(sample: AbstentionSample): AbstentionSignals {
  return { ...NO_SIGNALS, ...sample.signals };
}

function featureRow(sample: AbstentionSample, withPrompt: boolean): Float64Array {
  const signals = signalsOf(sample);
  const isShortlist = signals.shortlist > 0 ? 1 : 0;
  const features = abstentionFeatures(signals);
  const base = FEATURES.map((name) => features[name]);
  return Float64Array.from([
    ...base,
    isShortlist,
    ...base.map((value) => value * isShortlist),
    ...(withPrompt ? sample.vector : []),
  ]);
}

/** Every (row, label) group gets the same total weight, so big rows do not drown small ones. */
function trainingData(fitted: readonly AbstentionSample[], withPrompt: boolean) {
  const counts = new Map<string, number>();
  const key = (sample: AbstentionSample) => `${sample.row}\u0000${sample.isNegative}`;
  for (const sample of fitted) counts.set(key(sample), (counts.get(key(sample)) ?? 0) + 1);
  return {
    rows: fitted.map((sample) => featureRow(sample, withPrompt)),
    labels: fitted.map((sample) => (sample.isNegative ? 0 : 1)),
    weights: fitted.map((sample) => 200 / (counts.get(key(sample)) ?? 1)),
  };
}

function fitRaw(fitted: readonly AbstentionSample[], withPrompt: boolean): LogisticModel {
  const trainable = fitted.filter((sample) => !sample.isExact);
  const width = FEATURES.length * 2 + 1 + (withPrompt ? (trainable[0]?.vector.length ?? 0) : 0);
  const penalties = Array.from({ length: width }, (_, j) =>
    j < FEATURES.length * 2 + 1 ? PENALTY.signals : PENALTY.prompt,
  );
  return fitLogistic(trainingData(trainable, withPrompt), penalties);
}

/** Fit on the tune half, calibrate each regime's threshold on out-of-fold scores, fold it into the bias. */
function fitShipped(options: { samples: readonly AbstentionSample[]; withPrompt: boolean }): {
  model: AbstentionModel;
  oof: string;
} {
  const { samples: fitted, withPrompt } = options;
  const outOfFold = new Map<AbstentionSample, number>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = fitRaw(
      fitted.filter((_, index) => index % FOLDS !== fold),
      withPrompt,
    );
    fitted.forEach((sample, index) => {
      if (index % FOLDS === fold) outOfFold.set(sample, logitOf(model, featureRow(sample, withPrompt)));
    });
  }
  const outOfFoldOf = (sample: AbstentionSample) => outOfFold.get(sample) ?? 0;
  const threshold = {
    catalog: thresholdAt(fitted, CALIBRATION_ROWS.catalog, outOfFoldOf, BUDGET.catalog),
    shortlist: thresholdAt(fitted, CALIBRATION_ROWS.shortlist, outOfFoldOf, BUDGET.shortlist),
  };
  const raw = fitRaw(fitted, withPrompt);
  const coefficient = (index: number) => raw.coefficients[index] ?? 0;
  // Centre the prompt head on the mean tune prompt, so its part of the logit reads as "more (or less) like a
  // tool request than the average prompt"; the bias takes the mean back.
  const promptStart = FEATURES.length * 2 + 1;
  const centre = withPrompt
    ? fitted.reduce(
        (sum, sample) =>
          sum + sample.vector.reduce((dot, value, j) => dot + value * coefficient(promptStart + j), 0),
        0,
      ) / fitted.length
    : 0;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const dimensions = withPrompt ? raw.coefficients.length - promptStart : 0;
  const weightsOf = (coefficientOf: (index: number) => number) =>
    Object.fromEntries(FEATURES.map((name, index) => [name, round(coefficientOf(index))])) as Record<
      AbstentionFeature,
      number
    >;
  const model: AbstentionModel = {
    id: withPrompt ? EMBEDDER : 'signals',
    catalog: {
      bias: round(raw.bias + centre - threshold.catalog),
      weights: weightsOf(coefficient),
    },
    shortlist: {
      bias: round(raw.bias + centre + coefficient(FEATURES.length) - threshold.shortlist),
      weights: weightsOf((index) => coefficient(index) + coefficient(FEATURES.length + 1 + index)),
    },
    ...(withPrompt
      ? {
          prompt: {
            embedder: EMBEDDER,
            dimensions,
            offset: round(-centre),
            weights: Array.from({ length: dimensions }, (_, j) => round(coefficient(promptStart + j))),
          },
        }
      : {}),
  };
  const shifted = (sample: AbstentionSample) =>
    outOfFoldOf(sample) - (signalsOf(sample).shortlist > 0 ? threshold.shortlist : threshold.catalog);
  const oof = Object.values(CALIBRATION_ROWS)
    .map(
      (row) =>
        `${row} ${describe(
          fitted.filter((sample) => sample.row === row),
          (sample) => shifted(sample) < 0,
        )}`,
    )
    .join(', ');
  return { model, oof };
}

/** The score where at most `budget` of the row's answerable queries (a named tool aside) fall below it. */
function thresholdAt(
  fitted: readonly AbstentionSample[],
  row: string,
  score: (sample: AbstentionSample) => number,
  budget: number,
): number {
  const positives = fitted.filter((sample) => sample.row === row && !sample.isNegative);
  const sorted = positives
    .filter((sample) => !sample.isExact)
    .map(score)
    .sort((a, b) => a - b);
  return sorted[Math.floor(positives.length * budget)] ?? 0;
}

/** A model's logit for a sample, as the abstention rule computes it. */
function modelLogit(model: AbstentionModel, sample: AbstentionSample): number {
  const logit = abstentionLogit({ model, signals: signalsOf(sample), queryVector: sample.vector });
  return logit.signals + logit.prompt;
}

/** One signal alone, its threshold set where 10% of the tune half's answerable queries of the row fall below. */
function aloneAbstains(feature: AbstentionFeature): (sample: AbstentionSample) => boolean {
  const value = (sample: AbstentionSample) => sample.signals[feature] ?? 0;
  const thresholds = new Map(rowLabels.map((row) => [row, thresholdAt(tune, row, value, 0.1)]));
  return (sample) => value(sample) < (thresholds.get(sample.row) ?? 0);
}

function datasetOfRow(row: string): string {
  return row.split(/[ (]/)[0] ?? row;
}

/** The calibration datasets are never left out (without them a regime has no no-tool queries to fit). */
function isCalibrationDataset(row: string): boolean {
  return Object.values(CALIBRATION_ROWS).some(
    (calibration) => datasetOfRow(calibration) === datasetOfRow(row),
  );
}

/** Refit without every row of the sample's dataset (same thresholds: an approximation) and apply that model. */
function leaveOneOut(fitted: readonly AbstentionSample[]): (sample: AbstentionSample) => boolean {
  const models = new Map<string, AbstentionModel>();
  for (const dataset of new Set(rowLabels.map(datasetOfRow))) {
    if (isCalibrationDataset(dataset)) continue;
    models.set(
      dataset,
      fitShipped({
        samples: fitted.filter((sample) => datasetOfRow(sample.row) !== dataset),
        withPrompt: true,
      }).model,
    );
    process.stderr.write(`[abstention] refit without ${dataset}\n`);
  }
  return (sample) => {
    const model = models.get(datasetOfRow(sample.row));
    return model !== undefined && modelLogit(model, sample) < 0;
  };
}

/** `correct / wrong`: share of gold [] abstained, share of answerable abstained (a tool the prompt names never abstains). */
function describe(
  rowSamples: readonly AbstentionSample[],
  abstains: (sample: AbstentionSample) => boolean,
): string {
  const negatives = rowSamples.filter((sample) => sample.isNegative);
  const positives = rowSamples.filter((sample) => !sample.isNegative);
  const share = (group: readonly AbstentionSample[]) =>
    (
      group.filter((sample) => !sample.isExact && abstains(sample)).length / Math.max(1, group.length)
    ).toFixed(3);
  return `${negatives.length === 0 ? '–' : share(negatives)} / ${share(positives)}`;
}

async function writeWeights(signalModel: AbstentionModel, promptModel: AbstentionModel): Promise<void> {
  const text = [
    '// Generated by `node --import tsx/esm --conditions=@toolsift/source test/bench/abstention.ts --fit`: do not edit.',
    `// Fitted on the tune halves of the bench rows; thresholds calibrated out-of-fold for at most ${BUDGET.catalog} wrong`,
    `// abstention on ${CALIBRATION_ROWS.catalog} (whole catalog) and ${BUDGET.shortlist} on ${CALIBRATION_ROWS.shortlist} (shortlist).`,
    '// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted coefficients, not constants',
    "import type { AbstentionModel } from './abstention-model.js';",
    '',
    '/** Signals only: the model for any embedder (its cosines were calibrated with `use-lite`). */',
    `export const SIGNAL_MODEL: AbstentionModel = ${JSON.stringify(signalModel)};`,
    '',
    '/** Models with a prompt head, each used only with the embedder it was fitted for. */',
    `export const PROMPT_MODELS: readonly AbstentionModel[] = [${JSON.stringify(promptModel)}];`,
    '',
  ].join('\n');
  await writeFile(WEIGHTS_FILE, text);
  execFileSync(path.join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', WEIGHTS_FILE], {
    stdio: 'ignore',
  });
  process.stdout.write(`wrote ${path.relative(repoRoot, WEIGHTS_FILE)}\n`);
}

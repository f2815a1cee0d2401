/**
 * Abstention bench: fits the abstention model and measures how it carries over to catalogs it never saw.
 *
 * Training data (abstention-samples.ts): the tune halves of the bench rows; our own no-tool prompts
 * (test/abstention/) ranked over every bench catalog, whole and within drawn shortlists; and drawn shortlists
 * of every dataset's prompts, with and without their gold tools. Every threshold is chosen by the WORST dataset,
 * on scores each dataset got from a model fitted without it (abstention-fit.ts), so that wrongly dropping a
 * right tool stays rare on a catalog the model has never seen, not only on average.
 *
 * Run: `node --import tsx/esm --conditions=@toolsift/source bench/src/abstention.ts [--fit] [--cached]`
 * - always: leave-one-dataset-out (every bench dataset scored by a model fitted and calibrated without any of
 *   its prompts or its catalog), written to bench/results/abstention.md;
 * - `--fit`: refit on everything and write packages/selector/src/rules/abstention-weights.ts;
 * - `--cached`: reuse the samples of the last run (.cache/bench) instead of running the selector again.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AbstentionModel } from '../../packages/selector/src/rules/abstention-model.js';
import {
  type Calibrated,
  calibrate,
  EMBEDDER,
  logit,
  type Regime,
  regimeOf,
  TARGETS,
  toAbstentionModel,
} from './abstention-fit.js';
import { type AbstentionSample, abstentionSamples, SAMPLES_PER_PART } from './abstention-samples.js';
import { repoRoot } from './bench-datasets.js';
import { markdownTable } from './render-accuracy.js';

const { values } = parseArgs({ options: { fit: { type: 'boolean' }, cached: { type: 'boolean' } } });
const WEIGHTS_FILE = path.join(repoRoot, 'packages/selector/src/rules/abstention-weights.ts');
const RESULTS_FILE = path.join(repoRoot, 'bench/results/abstention.md');

// A tool the prompt names never abstains: such samples neither train nor count.
const samples = (await abstentionSamples({ embedder: EMBEDDER, isFresh: values.cached !== true })).filter(
  (sample) => !sample.isExact,
);
const tune = samples.filter((sample) => sample.part === 'tune');
const datasets = [...new Set(samples.map((sample) => sample.dataset))];

const lodoRows: string[][] = [];
for (const variant of ['with prompt head', 'signals only'] as const) {
  for (const dataset of datasets) {
    const calibrated = calibrate(
      tune.filter((sample) => sample.dataset !== dataset),
      variant === 'with prompt head',
    );
    const heldOut = samples.filter(
      (sample) => sample.dataset === dataset && sample.part === 'report' && sample.source !== 'shortlist',
    );
    for (const row of [...new Set(heldOut.map((sample) => sample.row))]) {
      lodoRows.push([
        variant,
        row,
        ...describe(
          calibrated,
          heldOut.filter((sample) => sample.row === row),
        ),
      ]);
    }
    process.stderr.write(`[abstention] ${variant}: left out ${dataset}\n`);
  }
}
const header = [
  'model',
  'held-out row',
  'right (abstained on gold [])',
  'right or flagged LOW_FIT',
  'wrong (abstained on answerable)',
  'wrong or flagged LOW_FIT',
];
const table = markdownTable(header, lodoRows).join('\n');
process.stdout.write(`\nLeave-one-dataset-out, report halves\n\n${table}\n`);
await writeFile(RESULTS_FILE, resultsMarkdown(table));
process.stdout.write(`wrote ${path.relative(repoRoot, RESULTS_FILE)}\n`);

if (values.fit === true) {
  const signalModel = toAbstentionModel(calibrate(tune, false));
  const promptModel = toAbstentionModel(calibrate(tune, true));
  await writeWeights(signalModel, promptModel);
}

// --- internal ---

/** Right, right + flagged, wrong, answerable flagged: shares of the row's no-tool / answerable prompts. */
function describe(calibrated: Calibrated, rowSamples: readonly AbstentionSample[]): string[] {
  const negatives = rowSamples.filter((sample) => sample.isNegative);
  const positives = rowSamples.filter((sample) => !sample.isNegative);
  const below = (sample: AbstentionSample, points: Record<Regime, number>) =>
    logit(calibrated.fitted, sample) < points[regimeOf(sample)];
  const share = (group: readonly AbstentionSample[], points: Record<Regime, number>) =>
    group.length === 0
      ? '–'
      : `${(group.filter((sample) => below(sample, points)).length / group.length).toFixed(3)} of ${group.length}`;
  return [
    share(negatives, calibrated.abstain),
    share(negatives, calibrated.lowFit),
    share(positives, calibrated.abstain),
    share(positives, calibrated.lowFit),
  ];
}

function resultsMarkdown(table: string): string {
  return [
    '# Abstention, leave one dataset out',
    '',
    `Written by \`bench/src/abstention.ts\` with the \`${EMBEDDER}\` embedder on ${new Date().toISOString().slice(0, 10)}.`,
    'Each row: the report half of a bench dataset, scored by a model fitted and calibrated without any of that',
    "dataset's prompts or its catalog (answerable prompts: at most " +
      `${SAMPLES_PER_PART} evenly spaced per half). The operating points are chosen by the worst of the other`,
    `datasets, each scored by a model that never saw it: the abstain point where at most ${TARGETS.abstain} of its`,
    `answerable prompts fall below, the LOW_FIT point at ${TARGETS.lowFit}. Rows \`no-tool prompts, X\`: our own`,
    'prompts that need no tool (test/abstention/), ranked over that catalog, the other half from the one trained on.',
    "`right`: share of the row's `gold: []` prompts with an empty selection; `right or flagged LOW_FIT`: share below the",
    'LOW_FIT point (tools kept, a warning); `wrong`: share of answerable prompts with an empty selection.',
    '',
    table,
    '',
  ].join('\n');
}

async function writeWeights(signalModel: AbstentionModel, promptModel: AbstentionModel): Promise<void> {
  const text = [
    '// Generated by `node --import tsx/esm --conditions=@toolsift/source bench/src/abstention.ts --fit`: do not edit.',
    '// Fitted on the tune halves of the bench rows, our no-tool prompts over every bench catalog and drawn',
    '// shortlists; the abstain point (folded into each bias) and the LOW_FIT point are where the worst dataset,',
    `// scored by a model fitted without it, has at most ${TARGETS.abstain} / ${TARGETS.lowFit} of its answerable prompts below.`,
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

/**
 * The abstention model's fit and calibration (bench/src/abstention.ts runs it): a logistic over the ranking's
 * signals and the prompt's principal coordinates, with operating points chosen by the worst dataset, each
 * dataset scored by a model fitted without it.
 */
import {
  ABSTENTION_FEATURES,
  type AbstentionFeature,
  type AbstentionModel,
  abstentionFeatures,
} from '../../packages/selector/src/rules/abstention-model.js';
import type { AbstentionSignals } from '../../packages/selector/src/rules/abstention-signals.js';
import type { AbstentionSample } from './abstention-samples.js';
import { fitLogistic, type LogisticModel } from './fit-logistic.js';
import { type PrincipalAxes, principalAxes, project } from './principal-axes.js';

/** The embedder whose prompt head is fitted. */
export const EMBEDDER = 'use-lite';
const FEATURES = ABSTENTION_FEATURES;
/**
 * Operating points, as the largest share of a dataset's answerable prompts (scored by a model that never saw
 * it) that may fall below: the worst dataset sets each. Below `abstain` the selection is empty; below
 * `lowFit` the tools are kept with a LOW_FIT warning.
 */
export const TARGETS = { abstain: 0.01, lowFit: 0.1 };
/** Principal axes of the prompt embedding the prompt head reads. */
const AXES = 32;
/** L2 penalties on standardised columns: light on the signal columns, heavier on the prompt axes. */
const PENALTY = { signals: 1, prompt: 20 };
/** The prompt head's part of the logit is held within ±this (see `AbstentionModel.prompt.limit`). */
const PROMPT_LIMIT = 2;
const SIGNAL_COLUMNS = FEATURES.length * 2 + 1;

/** A sample's signals with 0 for any it lacks (nothing ranked records none). */
const NO_SIGNALS: AbstentionSignals = {
  denseMax: 0,
  denseMargin: 0,
  denseSpread: 0,
  coverage: 0,
  bm25: 0,
  bm25Margin: 0,
  agreement: 0,
  promptTerms: 0,
  outsideGap: 0,
  shortlist: 0,
};

export type Regime = 'catalog' | 'shortlist';

/** A fitted logistic over the signals and (with `axes`) the prompt's principal coordinates. */
export interface Fitted {
  raw: LogisticModel;
  axes?: PrincipalAxes;
}

/** A fitted model and its operating points, as logits per regime. */
export interface Calibrated {
  fitted: Fitted;
  abstain: Record<Regime, number>;
  lowFit: Record<Regime, number>;
}

export function regimeOf(sample: AbstentionSample): Regime {
  return (sample.signals.shortlist ?? 0) > 0 ? 'shortlist' : 'catalog';
}

function featureRow(sample: AbstentionSample, axes: PrincipalAxes | undefined): Float64Array {
  const signals = { ...NO_SIGNALS, ...sample.signals } as AbstentionSignals;
  const isShortlist = regimeOf(sample) === 'shortlist' ? 1 : 0;
  const features = abstentionFeatures(signals);
  const base = FEATURES.map((name) => features[name]);
  return Float64Array.from([
    ...base,
    isShortlist,
    ...base.map((value) => value * isShortlist),
    ...(axes === undefined ? [] : project(axes, sample.vector)),
  ]);
}

/** Fit on samples; every (row, label) group gets the same total weight, so big rows do not drown small ones. */
export function fit(fitted: readonly AbstentionSample[], axes: PrincipalAxes | undefined): Fitted {
  const counts = new Map<string, number>();
  const key = (sample: AbstentionSample) => `${sample.row}\u0000${sample.isNegative}`;
  for (const sample of fitted) counts.set(key(sample), (counts.get(key(sample)) ?? 0) + 1);
  const width = SIGNAL_COLUMNS + (axes?.axes.length ?? 0);
  const penalties = Array.from({ length: width }, (_, j) =>
    j < SIGNAL_COLUMNS ? PENALTY.signals : PENALTY.prompt,
  );
  const raw = fitLogistic(
    {
      rows: fitted.map((sample) => featureRow(sample, axes)),
      labels: fitted.map((sample) => (sample.isNegative ? 0 : 1)),
      weights: fitted.map((sample) => 200 / (counts.get(key(sample)) ?? 1)),
    },
    penalties,
  );
  return axes === undefined ? { raw } : { raw, axes };
}

export function logit(fitted: Fitted, sample: AbstentionSample): number {
  const parts = logitParts(fitted, sample);
  return parts.signals + parts.prompt;
}

/** The logit's two parts: the signals' (with the bias) and the prompt head's (0 on average over training). */
export function logitParts(fitted: Fitted, sample: AbstentionSample): { signals: number; prompt: number } {
  const row = featureRow(sample, fitted.axes);
  let signals = fitted.raw.bias;
  let prompt = 0;
  row.forEach((value, index) => {
    const part = (fitted.raw.coefficients[index] ?? 0) * value;
    if (index < SIGNAL_COLUMNS) signals += part;
    else prompt += part;
  });
  return { signals, prompt: Math.min(PROMPT_LIMIT, Math.max(-PROMPT_LIMIT, prompt)) };
}

/**
 * Fit on `training` and set each operating point where the worst of its datasets, each scored by a model fitted
 * without that dataset, has at most the target share of its answerable prompts below.
 */
export function calibrate(training: readonly AbstentionSample[], withPrompt: boolean): Calibrated {
  const axes = withPrompt
    ? principalAxes(
        training.map((sample) => sample.vector),
        AXES,
      )
    : undefined;
  const nested: Array<{ sample: AbstentionSample; logit: number }> = [];
  for (const dataset of new Set(training.map((sample) => sample.dataset))) {
    const without = fit(
      training.filter((sample) => sample.dataset !== dataset),
      axes,
    );
    for (const sample of training)
      if (sample.dataset === dataset && !sample.isNegative)
        nested.push({ sample, logit: logit(without, sample) });
  }
  const pointAt = (regime: Regime, target: number): number => {
    let lowest = Number.POSITIVE_INFINITY;
    for (const row of new Set(nested.map((entry) => entry.sample.row))) {
      const logits = nested
        .filter((entry) => entry.sample.row === row && regimeOf(entry.sample) === regime)
        .map((entry) => entry.logit)
        .sort((a, b) => a - b);
      if (logits.length === 0) continue;
      const point = logits[Math.floor(logits.length * target)] ?? Number.POSITIVE_INFINITY;
      lowest = Math.min(lowest, point);
    }
    return lowest;
  };
  return {
    fitted: fit(training, axes),
    abstain: {
      catalog: pointAt('catalog', TARGETS.abstain),
      shortlist: pointAt('shortlist', TARGETS.abstain),
    },
    lowFit: { catalog: pointAt('catalog', TARGETS.lowFit), shortlist: pointAt('shortlist', TARGETS.lowFit) },
  };
}

/** The shipped form: the abstain point folded into the bias, the prompt axes folded into 512 weights. */
export function toAbstentionModel(calibrated: Calibrated): AbstentionModel {
  const { raw, axes } = calibrated.fitted;
  const coefficient = (index: number) => raw.coefficients[index] ?? 0;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const weightsOf = (coefficientOf: (index: number) => number) =>
    Object.fromEntries(FEATURES.map((name, index) => [name, round(coefficientOf(index))])) as Record<
      AbstentionFeature,
      number
    >;
  const lowFitOf = (regime: Regime) =>
    round(1 / (1 + Math.exp(-(calibrated.lowFit[regime] - calibrated.abstain[regime]))));
  const model: AbstentionModel = {
    id: axes === undefined ? 'signals' : EMBEDDER,
    catalog: {
      bias: round(raw.bias - calibrated.abstain.catalog),
      weights: weightsOf(coefficient),
      lowFit: lowFitOf('catalog'),
    },
    shortlist: {
      bias: round(raw.bias + coefficient(FEATURES.length) - calibrated.abstain.shortlist),
      weights: weightsOf((index) => coefficient(index) + coefficient(FEATURES.length + 1 + index)),
      lowFit: lowFitOf('shortlist'),
    },
  };
  if (axes === undefined) return model;
  // The head's part of the logit is Σ c_k · axis_k · (v − mean): one 512-d weight vector and an offset that
  // centres it on the mean training prompt.
  const dimensions = axes.mean.length;
  const weights = new Float64Array(dimensions);
  axes.axes.forEach((axis, k) => {
    for (let j = 0; j < dimensions; j++) weights[j]! += coefficient(SIGNAL_COLUMNS + k) * axis[j]!;
  });
  let offset = 0;
  for (let j = 0; j < dimensions; j++) offset -= weights[j]! * axes.mean[j]!;
  return {
    ...model,
    prompt: {
      embedder: EMBEDDER,
      dimensions,
      offset: round(offset),
      weights: Array.from(weights, round),
      limit: PROMPT_LIMIT,
    },
  };
}

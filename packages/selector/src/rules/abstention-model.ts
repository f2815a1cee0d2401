import type { AbstentionSignals } from './abstention-signals.js';

/** The model's inputs, in order: transforms of the signals (bench/src/abstention.ts fits on the same list). */
export const ABSTENTION_FEATURES = [
  'denseMax',
  'denseMargin',
  'denseSpread',
  'coverage',
  'bm25',
  'bm25Margin',
  'agreement',
  'promptTerms',
  'outsideGap',
] as const;

/** One input of the abstention model. */
export type AbstentionFeature = (typeof ABSTENTION_FEATURES)[number];

/** Logistic coefficients of one regime; the bias already holds the calibrated threshold (logit 0 = fit 0.5). */
export interface AbstentionCoefficients {
  bias: number;
  weights: Readonly<Record<AbstentionFeature, number>>;
  /** The fit below which the fit is low: a LOW_FIT warning (tools kept), or an empty selection under the
   * `eager` policy. Calibrated like the bias; absent in a model without one (then 0.5). */
  lowFit?: number;
}

/**
 * A fitted abstention model. Ranking over the whole catalog and within a shortlist the caller gave are
 * separate regimes (a shortlist's best cosine means something else), so each has its coefficients.
 */
export interface AbstentionModel {
  /** `signals` for the model any embedder can use, else the embedder id its prompt head was fitted for. */
  id: string;
  catalog: AbstentionCoefficients;
  shortlist: AbstentionCoefficients;
  /**
   * A head over the prompt's own embedding (one embedder only): does the prompt read like a tool request at
   * all? `offset` centres it, so its part of the logit is 0 for the average prompt it was fitted on. Its part is
   * held within ±`limit`: the wording alone must not empty a selection whose tools fit (short, casual or code-like
   * requests read like chat to it).
   */
  prompt?: {
    embedder: string;
    dimensions: number;
    offset: number;
    weights: readonly number[];
    limit?: number;
  };
}

/** The parts of the logit: from the signals, and from the prompt head (0 without one). */
export interface AbstentionLogit {
  signals: number;
  prompt: number;
}

/** The feature values of signals (`bm25` and `promptTerms` enter as `log1p`). */
export function abstentionFeatures(signals: AbstentionSignals): Record<AbstentionFeature, number> {
  return {
    denseMax: signals.denseMax,
    denseMargin: signals.denseMargin,
    denseSpread: signals.denseSpread,
    coverage: signals.coverage,
    bm25: Math.log1p(signals.bm25),
    bm25Margin: signals.bm25Margin,
    agreement: signals.agreement,
    promptTerms: Math.log1p(signals.promptTerms),
    outsideGap: signals.outsideGap,
  };
}

/** The model's logit for signals and, when the model has a prompt head, the prompt's vector. */
export function abstentionLogit(options: {
  model: AbstentionModel;
  signals: AbstentionSignals;
  queryVector?: ArrayLike<number> | undefined;
}): AbstentionLogit {
  const { model, signals, queryVector } = options;
  const coefficients = signals.shortlist > 0 ? model.shortlist : model.catalog;
  const features = abstentionFeatures(signals);
  let logit = coefficients.bias;
  for (const feature of ABSTENTION_FEATURES) logit += coefficients.weights[feature] * features[feature];
  let prompt = 0;
  if (model.prompt !== undefined && queryVector?.length === model.prompt.dimensions) {
    const { offset, weights } = model.prompt;
    prompt = offset;
    for (let index = 0; index < weights.length; index++)
      prompt += (weights[index] ?? 0) * (queryVector[index] ?? 0);
    const limit = model.prompt.limit ?? Number.POSITIVE_INFINITY;
    prompt = Math.min(limit, Math.max(-limit, prompt));
  }
  return { signals: logit, prompt };
}

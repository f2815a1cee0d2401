import { ErrorCode, ToolsiftError } from '@toolsift/core';

/**
 * How the two sides are fused: `zscore` (default) standardises each side over the candidate pool, so the side
 * with a clear winner speaks loudest; `score` scales each into [0, 1]; `rank` is reciprocal-rank fusion.
 */
export type FusionMode = 'score' | 'zscore' | 'rank';

/** How the dense (embedding) and lexical (BM25) scores of a tool are fused into one (see `fuseScores`). */
export interface FusionWeights {
  mode: FusionMode;
  /** Weight of the dense side. */
  dense: number;
  /** Weight of the dense side for prompts of several sentences (long, often multi-intent prompts, where BM25
   * has more words to go on and the prompt's embedding is blurred). */
  multiSentenceDense: number;
  /** Weight of the lexical side. */
  lexical: number;
  /** `zscore` fusion clips each side's z-scores to [-zClip, zClip]. */
  zClip: number;
  /** `rank` fusion: the k of reciprocal-rank fusion (`1 / (rrfK + rank)`). */
  rrfK: number;
  /** `score` fusion scales dense scores as `(s - floor) / (best - floor)`, floor the score at this rank. */
  denseFloorRank: number;
}

/** How the similarities of a tool's views to the prompt make up its dense score (see `scoreToolViews`). */
export interface ViewWeights {
  /** Bonus per further view of a tool that scores within `bonusWindow` of its best view. */
  bonus: number;
  bonusWindow: number;
  /** At most this many further views earn the bonus. */
  bonusMaxViews: number;
  /** Multiplier on the similarity of learned views (prompts learned from usage). */
  learned: number;
  /** Multi-sentence prompts: each sentence is embedded too, and a view's similarity is the best of the whole
   * prompt's and `sentence` × each sentence's (0 turns sentence embedding off). */
  sentence: number;
}

/** How many candidates each side draws before fusion. */
export interface PoolWeights {
  /** Tools drawn from each side (at least the `k` asked for). */
  size: number;
  /** View hits pulled from the vector index per tool drawn. */
  viewsPerTool: number;
}

/** Tools the prompt names. */
export interface ExactNameWeights {
  /** Put tools named in the prompt first. */
  isFirst: boolean;
}

/**
 * Every knob of the ranking, grouped by what it tunes. Defaults were tuned on bench dev data (see bench/results);
 * the confidence model's coefficients are fitted, not tuned, so they are no option.
 */
export interface RankingWeights {
  fusion: FusionWeights;
  views: ViewWeights;
  pool: PoolWeights;
  exactName: ExactNameWeights;
}

/**
 * Overrides of some ranking weights, group by group: what is left out keeps its default.
 * @example { fusion: { dense: 0.7, lexical: 0.3 }, views: { sentence: 0 } }
 */
export type RankingWeightOverrides = { [Group in keyof RankingWeights]?: Partial<RankingWeights[Group]> };

/** Defaults for the default `use-lite` embedder, tuned on the tuning halves of the bench data (bench/src/tune.ts). */
export const DEFAULT_RANKING_WEIGHTS: Readonly<{
  [Group in keyof RankingWeights]: Readonly<RankingWeights[Group]>;
}> = Object.freeze({
  fusion: Object.freeze({
    mode: 'zscore',
    dense: 0.5,
    multiSentenceDense: 0.3,
    lexical: 0.5,
    zClip: 6,
    rrfK: 60,
    denseFloorRank: 20,
  }),
  views: Object.freeze({ bonus: 0.01, bonusWindow: 0.1, bonusMaxViews: 3, learned: 0.9, sentence: 1 }),
  pool: Object.freeze({ size: 40, viewsPerTool: 2 }),
  exactName: Object.freeze({ isFirst: true }),
});

/**
 * The defaults overridden by each of `overrides` in turn (later ones win, knob by knob). Throws USAGE_ERROR on a
 * group or knob that does not exist (e.g. the flat `{ dense }` of earlier versions), which would otherwise be
 * ignored silently, and on a value the knob cannot take (a `mode` of `'rrf'`, a NaN or negative weight...),
 * which would otherwise fall back to a default mode or turn every score into NaN.
 */
export function resolveRankingWeights(
  ...overrides: ReadonlyArray<RankingWeightOverrides | undefined>
): RankingWeights {
  for (const override of overrides) if (override !== undefined) requireKnown(override);
  const merge = <Group extends keyof RankingWeights>(group: Group): RankingWeights[Group] =>
    Object.assign({}, DEFAULT_RANKING_WEIGHTS[group], ...overrides.map((override) => override?.[group]));
  return {
    fusion: merge('fusion'),
    views: merge('views'),
    pool: merge('pool'),
    exactName: merge('exactName'),
  };
}

// --- internal ---

function requireKnown(overrides: RankingWeightOverrides): void {
  const groups = Object.keys(DEFAULT_RANKING_WEIGHTS);
  for (const [group, knobs] of Object.entries(overrides)) {
    if (!Object.hasOwn(DEFAULT_RANKING_WEIGHTS, group)) {
      throw usageError(`Unknown ranking weight group "${group}". Groups: ${groups.join(', ')}.`, group);
    }
    if (knobs === undefined) continue;
    const known = Object.keys(DEFAULT_RANKING_WEIGHTS[group as keyof RankingWeights]);
    if (typeof knobs !== 'object' || knobs === null) {
      throw usageError(`Ranking weights "${group}" must be an object of ${known.join(', ')}.`, group);
    }
    const unknown = Object.keys(knobs).find((knob) => !known.includes(knob));
    if (unknown !== undefined) {
      throw usageError(
        `Unknown ranking weight "${group}.${unknown}". Weights of "${group}": ${known.join(', ')}.`,
        `${group}.${unknown}`,
      );
    }
    for (const [knob, value] of Object.entries(knobs)) {
      const check = (KNOB_CHECKS[group as keyof RankingWeights] as Record<string, KnobCheck>)[knob]!;
      if (!check.isValid(value)) {
        throw usageError(
          `Ranking weight "${group}.${knob}" must be ${check.expected}, got ${shown(value)}.`,
          `${group}.${knob}`,
        );
      }
    }
  }
}

interface KnobCheck {
  expected: string;
  isValid(value: unknown): boolean;
}

const atLeast = (minimum: number, isWhole = false): KnobCheck => ({
  expected: `a ${isWhole ? 'whole number' : 'finite number'} >= ${minimum}`,
  isValid: (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= minimum &&
    (!isWhole || Number.isInteger(value)),
});
const positive: KnobCheck = {
  expected: 'a finite number > 0',
  isValid: (value) => typeof value === 'number' && Number.isFinite(value) && value > 0,
};
const FUSION_MODES: readonly FusionMode[] = ['zscore', 'score', 'rank'];

/** What each knob can take, from its meaning (see the weight interfaces above). */
const KNOB_CHECKS: { [Group in keyof RankingWeights]: Record<keyof RankingWeights[Group], KnobCheck> } = {
  fusion: {
    mode: {
      expected: `one of ${FUSION_MODES.map((mode) => `"${mode}"`).join(', ')}`,
      isValid: (value) => FUSION_MODES.includes(value as FusionMode),
    },
    dense: atLeast(0),
    multiSentenceDense: atLeast(0),
    lexical: atLeast(0),
    zClip: positive,
    // `(rrfK + 1) / (rrfK + rank)` with ranks from 1: 0 is plain `1 / rank`.
    rrfK: atLeast(0),
    // A rank, from 1.
    denseFloorRank: atLeast(1, true),
  },
  views: {
    bonus: atLeast(0),
    bonusWindow: atLeast(0),
    bonusMaxViews: atLeast(0, true),
    learned: atLeast(0),
    sentence: atLeast(0),
  },
  // `size` is raised to the `k` asked for, so 0 means "k"; no view per tool would leave the dense side empty.
  pool: { size: atLeast(0, true), viewsPerTool: atLeast(1, true) },
  exactName: { isFirst: { expected: 'true or false', isValid: (value) => typeof value === 'boolean' } },
};

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

function usageError(message: string, option: string): ToolsiftError {
  return new ToolsiftError(ErrorCode.UsageError, message, { option });
}

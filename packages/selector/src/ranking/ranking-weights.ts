/**
 * How the two sides are fused: `zscore` (default) standardises each side over the candidate pool, so the side
 * with a clear winner speaks loudest; `score` scales each into [0, 1]; `rank` is reciprocal-rank fusion.
 */
export type FusionMode = 'score' | 'zscore' | 'rank';

/** Every knob of the ranking, as explicit options. Defaults were tuned on bench dev data (see bench/results). */
export interface RankingWeights {
  /** Weight of the dense (embedding) side in fusion. */
  dense: number;
  /** Weight of the dense side for prompts of several sentences (long, often multi-intent prompts, where BM25
   * has more words to go on and the prompt's embedding is blurred). */
  multiSentenceDense: number;
  /** Weight of the lexical (BM25) side in fusion. */
  lexical: number;
  fusion: FusionMode;
  /** z-score fusion clips each side's z-scores to [-zClip, zClip]. */
  zClip: number;
  /** The k of reciprocal-rank fusion (`1 / (rrfK + rank)`). */
  rrfK: number;
  /** Dense scores are scaled as `(s - floor) / (best - floor)`, with floor the score of the tool at this rank. */
  denseFloorRank: number;
  /** Bonus per extra view of a tool that scores within `multiViewWindow` of its best view. */
  multiViewBonus: number;
  multiViewWindow: number;
  /** At most this many extra views earn the bonus. */
  multiViewMaxViews: number;
  /** Multiplier on the similarity of learned views (prompts learned from usage). */
  learnedWeight: number;
  /** Multi-sentence prompts: each sentence is embedded too, and a tool's dense score is the best of the whole
   * prompt's and `segmentWeight` × each sentence's (0 turns sentence embedding off). */
  segmentWeight: number;
  /** How many view hits to pull from the vector index, per requested tool. */
  viewsPerTool: number;
  /** Size of the candidate pool drawn from each side before fusion. */
  poolSize: number;
  /** Put tools named in the prompt first. */
  exactNameFirst: boolean;
}

/** Defaults for the default `use-lite` embedder, tuned on the tuning halves of the bench data (test/bench/tune.ts). */
export const DEFAULT_RANKING_WEIGHTS: Readonly<RankingWeights> = Object.freeze({
  dense: 0.5,
  multiSentenceDense: 0.3,
  lexical: 0.5,
  fusion: 'zscore',
  zClip: 6,
  rrfK: 60,
  denseFloorRank: 20,
  multiViewBonus: 0.01,
  multiViewWindow: 0.1,
  multiViewMaxViews: 3,
  learnedWeight: 1,
  segmentWeight: 1,
  viewsPerTool: 2,
  poolSize: 40,
  exactNameFirst: true,
});

/** Defaults overridden by the given weights. */
export function resolveRankingWeights(weights: Partial<RankingWeights> = {}): RankingWeights {
  return { ...DEFAULT_RANKING_WEIGHTS, ...weights };
}

import type { FusionWeights } from './ranking-weights.js';
import type { RankingMethod, ScoredTool } from './selection-context.js';

/**
 * Fill `parts` and `score` of every pooled tool, then `fused = w_d·dense + w_l·lexical` (weights summing to 1).
 * `zscore` fusion: each side as z-scores over the pool (tools without a lexical hit count as 0), clipped to
 * ±zClip; the fused values are then scaled so the best tool scores 1 (`parts.fused` keeps the raw value).
 * `score` fusion: dense as `(s - floor) / (best - floor)` (floor = the `denseFloorRank`-th score), lexical as
 * `s / best`. `rank` fusion: `(rrfK + 1) / (rrfK + rank)` per side. Empty sides and zero spreads are guarded.
 */
export function fuseScores(options: {
  pool: readonly ScoredTool[];
  weights: FusionWeights;
  method: RankingMethod;
  /** The prompt has several sentences: `multiSentenceDense` replaces `dense`. */
  isMultiSentence?: boolean;
}): void {
  const { pool, weights, method } = options;
  const zscore = weights.mode === 'zscore';
  const denseScale = zscore
    ? zScaler(
        pool.map((tool) => tool.dense?.score ?? 0),
        weights.zClip,
      )
    : denseScaler(pool, weights.denseFloorRank);
  const lexicalMax = Math.max(0, ...pool.map((tool) => tool.lexical?.score ?? 0));
  const lexicalScale = zscore
    ? zScaler(
        pool.map((tool) => tool.lexical?.score ?? 0),
        weights.zClip,
      )
    : (score: number) => (lexicalMax > 0 ? score / lexicalMax : 0);
  const denseRanks = weights.mode === 'rank' ? ranksBy(pool, (tool) => tool.dense?.score) : undefined;
  const lexicalRanks =
    weights.mode === 'rank'
      ? ranksBy(pool, (tool) => ((tool.lexical?.score ?? 0) > 0 ? tool.lexical?.score : undefined))
      : undefined;
  const {
    dense: denseWeight,
    lexical: lexicalWeight,
    total: totalWeight,
  } = fusionWeights({
    weights,
    method,
    isMultiSentence: options.isMultiSentence === true,
  });

  for (const tool of pool) {
    const dense = tool.dense === undefined ? 0 : denseScale(tool.dense.score);
    const lexical = lexicalScale(tool.lexical?.score ?? 0);
    let fused: number;
    if (weights.mode === 'rank') {
      const denseRank = denseRanks?.get(tool.toolId);
      const lexicalRank = lexicalRanks?.get(tool.toolId);
      const reciprocal = (rank: number | undefined): number =>
        rank === undefined ? 0 : (weights.rrfK + 1) / (weights.rrfK + rank);
      fused = (denseWeight * reciprocal(denseRank) + lexicalWeight * reciprocal(lexicalRank)) / totalWeight;
    } else {
      fused = (denseWeight * dense + lexicalWeight * lexical) / totalWeight;
    }
    tool.parts = { dense, lexical, fused };
    tool.score = fused;
  }
  if (zscore) {
    // z-scores are unbounded: scale the fused values into [0, 1], the best tool at 1.
    const top = Math.max(...pool.map((tool) => tool.score));
    for (const tool of pool) tool.score = top > 0 ? Math.max(0, tool.score / top) : 0;
  }
}

/** Order: tools named in the prompt first (when enabled), then score, then id, so output is deterministic. */
export function compareScoredTools(a: ScoredTool, b: ScoredTool): number {
  const exact = Number(b.exact !== undefined) - Number(a.exact !== undefined);
  if (exact !== 0) return exact;
  if (b.score !== a.score) return b.score - a.score;
  return a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0;
}

/** The weights of the two sides in a fusion (`multiSentenceDense` for several sentences) and their sum, which
 * divides the fused value (1 when both are 0). */
export function fusionWeights(options: {
  weights: FusionWeights;
  method: RankingMethod;
  isMultiSentence: boolean;
}): { dense: number; lexical: number; total: number } {
  const { weights, method } = options;
  const dense =
    method === 'bm25'
      ? 0
      : method === 'dense'
        ? 1
        : options.isMultiSentence
          ? weights.multiSentenceDense
          : weights.dense;
  const lexical = method === 'dense' ? 0 : method === 'bm25' ? 1 : weights.lexical;
  return { dense, lexical, total: dense + lexical > 0 ? dense + lexical : 1 };
}

// --- internal ---

function denseScaler(pool: readonly ScoredTool[], floorRank: number): (score: number) => number {
  const scores = pool
    .map((tool) => tool.dense?.score)
    .filter((score): score is number => score !== undefined)
    .sort((a, b) => b - a);
  const best = scores[0];
  if (best === undefined) return () => 0;
  const floor = Math.min(scores[Math.min(floorRank, scores.length) - 1] ?? best, best - MIN_DENSE_SPREAD);
  return (score) => Math.min(1, Math.max(0, (score - floor) / (best - floor)));
}

function zScaler(values: readonly number[], clip: number): (score: number) => number {
  if (values.length === 0) return () => 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  const deviation = Math.sqrt(variance);
  if (deviation < 1e-9) return () => 0;
  return (score) => Math.max(-clip, Math.min(clip, (score - mean) / deviation));
}

/** Below this spread between best and floor, dense differences are treated as noise rather than stretched. */
const MIN_DENSE_SPREAD = 0.1;

function ranksBy(
  pool: readonly ScoredTool[],
  value: (tool: ScoredTool) => number | undefined,
): Map<string, number> {
  const scored = pool
    .map((tool) => ({ id: tool.toolId, value: value(tool) }))
    .filter((entry): entry is { id: string; value: number } => entry.value !== undefined)
    .sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1));
  return new Map(scored.map((entry, index) => [entry.id, index + 1]));
}

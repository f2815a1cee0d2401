import { dotProduct } from '../vector-index/dot-product.js';
import type { RankingIndex } from './ranking-index.js';
import type { RankingWeights } from './ranking-weights.js';
import type { ScoredTool, ViewMatch } from './selection-context.js';

/**
 * The dense evidence of one tool: the cosine of every view with the query or its best sentence (learned views scaled by
 * `learnedWeight`), aggregated as the best view plus a small bonus for each further view that scores within
 * `multiViewWindow` of it (at most `multiViewMaxViews` of them).
 */
export function scoreToolViews(options: {
  index: RankingIndex;
  toolId: string;
  query: Float32Array;
  /** Vectors of the prompt's sentences; each view takes its best match over the prompt and its sentences. */
  segments?: readonly Float32Array[] | undefined;
  weights: RankingWeights;
}): NonNullable<ScoredTool['dense']> {
  const { index, toolId, query, weights } = options;
  const segments = options.segments ?? [];
  const views: ViewMatch[] = [];
  for (const view of index.views(toolId)) {
    const vector = index.vector(view.key);
    if (vector === undefined) continue;
    let cosine = dotProduct(query, vector);
    for (const segment of segments)
      cosine = Math.max(cosine, weights.segmentWeight * dotProduct(segment, vector));
    views.push({
      key: view.key,
      similarity: view.kind === 'learned' ? cosine * weights.learnedWeight : cosine,
    });
  }
  views.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1));
  const best = views[0]?.similarity ?? 0;
  let matchingViews = 0;
  for (let i = 1; i < views.length && matchingViews < weights.multiViewMaxViews; i++) {
    if ((views[i]?.similarity ?? -1) >= best - weights.multiViewWindow) matchingViews++;
  }
  return {
    score: best + weights.multiViewBonus * matchingViews,
    views: views.slice(0, 3),
    matchingViews: matchingViews + 1,
  };
}

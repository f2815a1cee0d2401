import { denseQueryOf } from '../dense-query.js';
import { compareScoredTools, fuseScores } from '../fuse-scores.js';
import { scoreToolViews } from '../score-tool-views.js';
import type { SelectionStage } from '../selection-context.js';

/** Completes the dense evidence of every pooled tool, fuses the two sides and sorts the pool into `ranked`. */
export const fuseStage: SelectionStage = {
  name: 'fuse',
  run(context) {
    const query = context.method === 'bm25' ? undefined : denseQueryOf(context);
    if (query !== undefined) {
      const unscored = [...context.pool.values()].filter((scored) => scored.dense === undefined);
      const tools = unscored.map((scored) => context.index.toolVectors(scored.toolId));
      const dense = scoreToolViews({ tools, query, weights: context.weights.views });
      unscored.forEach((scored, position) => {
        scored.dense = dense[position]!;
      });
    }
    const pool = [...context.pool.values()];
    fuseScores({
      pool,
      weights: context.weights.fusion,
      method: context.method,
      isMultiSentence: context.segmentVectors !== undefined,
    });
    context.ranked = pool.sort(compareScoredTools);
  },
};

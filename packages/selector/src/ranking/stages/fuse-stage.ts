import { compareScoredTools, fuseScores } from '../fuse-scores.js';
import { scoreToolViews } from '../score-tool-views.js';
import type { SelectionStage } from '../selection-context.js';

/** Completes the dense evidence of every pooled tool, fuses the two sides and sorts the pool into `ranked`. */
export const fuseStage: SelectionStage = {
  name: 'fuse',
  run(context) {
    const query = context.queryVector;
    if (context.method !== 'bm25' && query !== undefined) {
      for (const tool of context.pool.values()) {
        tool.dense ??= scoreToolViews({
          index: context.index,
          toolId: tool.toolId,
          query,
          segments: context.segmentVectors,
          weights: context.weights,
        });
      }
    }
    const pool = [...context.pool.values()];
    fuseScores({
      pool,
      weights: context.weights,
      method: context.method,
      isMultiSentence: context.segmentVectors !== undefined,
    });
    context.ranked = pool.sort(compareScoredTools);
  },
};

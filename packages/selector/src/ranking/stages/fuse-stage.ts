import { compareScoredTools, fuseScores } from '../fuse-scores.js';
import { scoreToolViews } from '../score-tool-views.js';
import type { ScoredTool, SelectionStage } from '../selection-context.js';
import { ENGLISH_STOP_WORDS } from '../../lexical/stop-words.js';
import { tokenize } from '../../lexical/tokenize.js';

function coverageOf(prompt: string, pool: readonly ScoredTool[]): number {
  const terms = new Set(tokenize(prompt, { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true }).map((token) => token.term));
  const matched = Math.max(0, ...pool.map((scored) => scored.lexical?.terms.length ?? 0));
  return terms.size === 0 ? 0 : Math.min(1, matched / terms.size);
}

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
      coverage: coverageOf(context.prompt, pool),
    });
    context.ranked = pool.sort(compareScoredTools);
  },
};

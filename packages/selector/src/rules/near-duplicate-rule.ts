import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import type { ScoredTool, SelectionStage } from '../ranking/selection-context.js';
import { viewKey } from '../views/tool-view.js';
import type { RuleRun } from './rule-run.js';
import { roundTo } from './rule-text.js';

/**
 * Near-duplicates: a tool whose description view is at least `duplicateThreshold` similar to a tool already
 * in the top k is moved just below the top k, so copies of one tool do not fill the selection between them.
 * The kept tool is annotated with the duplicates it displaced.
 */
export function nearDuplicateRule(run: RuleRun): SelectionStage {
  return {
    name: 'near-duplicates',
    run(context) {
      const top: ScoredTool[] = [];
      const deferred: ScoredTool[] = [];
      const rest: ScoredTool[] = [];
      for (const scored of context.ranked) {
        if (top.length >= context.k) {
          rest.push(scored);
          continue;
        }
        const vector = run.index.vector(viewKey(scored.toolId, 'description', 0));
        const twin =
          vector === undefined || scored.exact !== undefined
            ? undefined
            : top
                .map((kept) => ({ kept, similarity: similarityTo(run, kept.toolId, vector) }))
                .find((entry) => entry.similarity >= run.weights.duplicateThreshold);
        if (twin === undefined) {
          top.push(scored);
          continue;
        }
        deferred.push(scored);
        twin.kept.reasons.push({
          kind: 'near-duplicate',
          message: `${scored.toolId} is a near-duplicate (description similarity ${twin.similarity.toFixed(3)}) and was moved below the top ${context.k}`,
          details: {
            duplicate: scored.toolId,
            similarity: roundTo(twin.similarity),
            threshold: run.weights.duplicateThreshold,
          },
        });
      }
      context.ranked = [...top, ...deferred, ...rest];
    },
  };
}

// --- internal ---

function similarityTo(run: RuleRun, toolId: string, vector: Float32Array): number {
  const other = run.index.vector(viewKey(toolId, 'description', 0));
  return other === undefined ? 0 : cosineSimilarity(vector, other);
}

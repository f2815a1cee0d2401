import { compareScoredTools } from '../ranking/fuse-scores.js';
import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import { ensureScoredTool } from '../ranking/stages/ensure-scored-tool.js';
import { roundTo, snippet } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Deprecation: a tool that says it is deprecated and names its replacement (`read_file`: "DEPRECATED: Use
 * read_text_file instead.", see `toolDeprecation`) ranks just below that replacement, which takes the deprecated
 * tool's score when its own is lower: what made the old tool fit the prompt is what the new one does. The
 * replacement joins the ranking when retrieval did not draw it (within the caller's candidates). A deprecated
 * tool that names no tool of the catalog is only annotated.
 */
export function deprecationRule(): BuiltInRule {
  return {
    name: 'deprecation',
    phase: 'after-fusion',
    reads: ['ranked', 'score'],
    writes: ['score', 'ranked', 'reasons'],
    apply(context, run) {
      const table = run.index.toolDeprecations?.();
      if (table === undefined) return;
      let isChanged = false;
      for (const scored of [...context.ranked]) {
        const deprecation = table.deprecationOf(scored.toolId);
        if (deprecation === undefined) continue;
        const evidence = snippet(deprecation.evidence);
        const replacement =
          deprecation.replacement === undefined ? undefined : rankedTool(context, deprecation.replacement);
        if (replacement === undefined) {
          const named = deprecation.replacement;
          scored.reasons.push({
            kind: 'deprecated',
            message:
              named === undefined
                ? `deprecated ("${evidence}"); it names no tool of the catalog in its place`
                : `deprecated ("${evidence}"); its replacement ${named} is not among the candidates`,
            details: { evidence, ...(named === undefined ? {} : { replacement: named }) },
          });
          continue;
        }
        const before = replacement.score;
        if (replacement.score < scored.score) replacement.score = scored.score;
        // Not clamped at 0 (the result is): a replacement the action rule took below 0 must still rank above.
        if (scored.score >= replacement.score) scored.score = replacement.score - 1e-4;
        const details = { evidence, replacement: replacement.toolId };
        scored.reasons.push({
          kind: 'deprecated',
          message: `deprecated ("${evidence}"): ranked below its replacement ${replacement.toolId}`,
          details,
        });
        replacement.reasons.push({
          kind: 'replaces',
          message:
            replacement.score > before
              ? `replaces the deprecated ${scored.toolId}: score ${roundTo(before, 3)} -> ${roundTo(replacement.score, 3)}`
              : `replaces the deprecated ${scored.toolId}`,
          details: {
            deprecated: scored.toolId,
            scoreBefore: roundTo(before),
            score: roundTo(replacement.score),
          },
        });
        isChanged = true;
      }
      if (isChanged) context.ranked.sort(compareScoredTools);
    },
  };
}

// --- internal ---

/** The ranked entry of a tool, added to the ranking (score 0) when retrieval did not draw it; undefined when the
 * caller's candidates leave it out or the index does not hold it. */
function rankedTool(context: SelectionContext, toolId: string): ScoredTool | undefined {
  const ranked = context.ranked.find((scored) => scored.toolId === toolId);
  if (ranked !== undefined) return ranked;
  if (context.candidateIds !== undefined && !context.candidateIds.has(toolId)) return undefined;
  if (context.index.tool(toolId) === undefined) return undefined;
  const added = ensureScoredTool(context, toolId);
  context.ranked.push(added);
  return added;
}

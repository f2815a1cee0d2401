import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import { ensureScoredTool } from '../ranking/stages/ensure-scored-tool.js';
import { isAddable } from './is-addable.js';
import { availabilityOf } from './prerequisite-rule.js';
import type { BuiltInRuleRun } from './rule-run.js';
import type { BuiltInRule } from './selection-rule.js';
import { sideTool } from './side-tool.js';

/**
 * Relations, on the final top k: each selected tool's `alternatives` become suggestions; with `expand`, its
 * `dependsOn` tools are added before it and its `complements` after it, each with the reason. Added tools
 * must be able to run (unless `includeUnavailable`) and must not be in a high conflict with the selection.
 */
export function relationsRule(): BuiltInRule {
  return {
    name: 'relations',
    phase: 'after-confidence',
    reads: ['ranked', 'k', 'confidence', 'suggestions', 'run.availability'],
    writes: ['ranked', 'k', 'confidence', 'suggestions', 'reasons'],
    apply(context, run) {
      const top = context.ranked.slice(0, context.k);
      const selected = new Set(top.map((scored) => scored.toolId));
      for (const scored of top) suggestAlternatives(run, context, scored.toolId, selected);
      if (run.options.expand !== true || top.length === 0) return;
      const result: ScoredTool[] = [];
      const chosen = new Set(selected);
      const add = (
        parent: ScoredTool,
        ref: string,
        kind: 'depends-on' | 'complement',
        message: string,
      ): ScoredTool | undefined => {
        const id = run.resolve(ref);
        if (id === undefined || chosen.has(id) || !isAddable(run, context, id, chosen)) return undefined;
        chosen.add(id);
        const added = ensureScoredTool(context, id);
        if (!context.ranked.includes(added) || added.confidence === 0) added.confidence = parent.confidence;
        added.reasons.push({ kind, message, details: { for: parent.toolId } });
        return added;
      };
      for (const scored of top) {
        const tool = run.index.tool(scored.toolId);
        for (const ref of tool?.dependsOn ?? []) {
          const added = add(scored, ref, 'depends-on', `added because ${scored.toolId} depends on it`);
          if (added !== undefined) result.push(added);
        }
        result.push(scored);
        for (const complement of tool?.complements ?? []) {
          const scenario = complement.scenario === undefined ? '' : `: ${complement.scenario}`;
          const added = add(
            scored,
            complement.tool,
            'complement',
            `added as a complement of ${scored.toolId}${scenario}`,
          );
          if (added !== undefined) result.push(added);
        }
      }
      const inResult = new Set(result);
      context.ranked = [...result, ...context.ranked.filter((scored) => !inResult.has(scored))];
      context.k = result.length;
    },
  };
}

// --- internal ---

function suggestAlternatives(
  run: BuiltInRuleRun,
  context: SelectionContext,
  toolId: string,
  selected: ReadonlySet<string>,
): void {
  for (const alternative of run.index.tool(toolId)?.alternatives ?? []) {
    const id = run.resolve(alternative.tool);
    if (
      id === undefined ||
      selected.has(id) ||
      context.suggestions.some((suggestion) => suggestion.id === id)
    )
      continue;
    const when = alternative.when === undefined ? '' : ` when: ${alternative.when}`;
    context.suggestions.push({
      ...sideTool(run, id, [
        {
          kind: 'alternative',
          message: `alternative to ${toolId}${when}`,
          details: {
            for: toolId,
            isAvailable: availabilityOf(run, id).isAvailable,
            ...(alternative.benefits === undefined ? {} : { benefits: alternative.benefits }),
          },
        },
      ]),
      for: toolId,
    });
  }
}

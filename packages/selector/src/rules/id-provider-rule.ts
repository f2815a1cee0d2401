import type { ScoredTool, SelectionStage } from '../ranking/selection-context.js';
import { ensureScoredTool } from '../ranking/stages/ensure-scored-tool.js';
import { chooseIdProvider, promptWords } from '../routes/choose-id-provider.js';
import { parseToolRoute } from '../routes/tool-route.js';
import { isAddable } from './is-addable.js';
import type { RuleRun } from './rule-run.js';

/**
 * Identifier providers, on the final top k: a selected REST route that needs an identifier the prompt does not
 * give (`GET /tv/{tv_id}/reviews` for "reviews of Breaking Bad") is followed by the read of the same service that
 * supplies it (`GET /search/tv`; see `chooseIdProvider`). A provider ranked lower moves up to just after the route
 * that needs it; one ranked higher stays where it is. A provider must be addable (a candidate, able to run here, in
 * no high conflict with the selection). The selection keeps its size k.
 */
export function idProviderRule(run: RuleRun): SelectionStage {
  return {
    name: 'id-providers',
    run(context) {
      if (run.options.chainIds === false) return;
      const top = context.ranked.slice(0, context.k);
      // Most catalogs hold no routes: parse the k selected names before building anything.
      if (!top.some((scored) => needsIds(run, scored.toolId)) || mentionsIdentifier(context.prompt)) return;
      const table = run.index.idProviders?.();
      if (table === undefined) return;
      const rankOf = new Map(context.ranked.map((scored, rank) => [scored.toolId, rank]));
      const words = promptWords(context.prompt);
      const result: ScoredTool[] = [];
      const placed = new Set<string>();
      for (const scored of top) {
        if (placed.has(scored.toolId)) continue;
        result.push(scored);
        placed.add(scored.toolId);
        const route = table.route(scored.toolId);
        for (const { parameter, resource } of route?.ids ?? []) {
          const provider = chooseIdProvider({
            table,
            service: route?.service ?? '',
            resource,
            rankOf,
            words,
          });
          if (provider === undefined || placed.has(provider) || !isAddable(run, context, provider, placed))
            continue;
          const added = ensureScoredTool(context, provider);
          if (added.confidence === 0) added.confidence = scored.confidence;
          added.reasons.push({
            kind: 'id-provider',
            message: `supplies the ${parameter} that ${scored.toolId} needs`,
            details: { for: scored.toolId, parameter },
          });
          result.push(added);
          placed.add(provider);
        }
      }
      context.ranked = [...result, ...context.ranked.filter((scored) => !placed.has(scored.toolId))];
    },
  };
}

/** Whether a prompt already holds an identifier: a number of 3+ digits that is no year, a UUID, or a long token of letters and digits. */
export function mentionsIdentifier(prompt: string): boolean {
  return IDENTIFIER.test(prompt);
}

// --- internal ---

const IDENTIFIER =
  /\b(?!(?:19|20)\d\d\b)\d{3,}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-|\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{8,}\b/i;

function needsIds(run: RuleRun, toolId: string): boolean {
  const tool = run.index.tool(toolId);
  return tool !== undefined && (parseToolRoute(tool)?.ids.length ?? 0) > 0;
}

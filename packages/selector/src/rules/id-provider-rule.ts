import type { ScoredTool } from '../ranking/selection-context.js';
import { ensureScoredTool } from '../ranking/stages/ensure-scored-tool.js';
import { bestRanked, chooseIdProvider, promptWords } from '../routes/choose-id-provider.js';
import type { IdProviderTable } from '../routes/id-provider-table.js';
import { requiredIdentifierInputs } from '../routes/returned-inputs.js';
import { parseToolRoute } from '../views/tool-route.js';
import { isAddable } from './is-addable.js';
import type { BuiltInRuleRun } from './rule-run.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Identifier providers, on the final top k: a selected tool that needs an identifier the prompt does not give is
 * followed by the read that supplies it. A REST route's path id (`GET /tv/{tv_id}/reviews` for "reviews of Breaking
 * Bad") comes from a read of the same service (`GET /search/tv`; see `chooseIdProvider`); a required id or token
 * input (`AddAlarm` takes `token`) from a read whose declared result has that field (`GetUserToken`; the best
 * ranked when several do). A provider ranked lower moves up to just after the tool that needs it; one ranked
 * higher stays where it is. A provider must be addable (a candidate, able to run here, in
 * no high conflict with the selection). The selection keeps its size k.
 */
export function idProviderRule(): BuiltInRule {
  return {
    name: 'id-providers',
    phase: 'after-confidence',
    reads: ['prompt', 'ranked', 'k', 'confidence', 'run.availability'],
    writes: ['ranked', 'confidence', 'reasons'],
    apply(context, run) {
      if (run.options.chainIds === false) return;
      const top = context.ranked.slice(0, context.k);
      // Most catalogs need no ids: look at the k selected tools before building anything.
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
        for (const { parameter, provider } of providersOf({
          run,
          table,
          toolId: scored.toolId,
          rankOf,
          words,
        })) {
          if (placed.has(provider) || !isAddable(run, context, provider, placed)) continue;
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

function needsIds(run: BuiltInRuleRun, toolId: string): boolean {
  const tool = run.index.tool(toolId);
  if (tool === undefined) return false;
  return (parseToolRoute(tool)?.ids.length ?? 0) > 0 || requiredIdentifierInputs(tool).length > 0;
}

/** The identifiers a tool needs and the tool chosen to supply each: path ids first, then other required inputs. */
function providersOf(options: {
  run: BuiltInRuleRun;
  table: IdProviderTable;
  toolId: string;
  rankOf: ReadonlyMap<string, number>;
  words: ReadonlySet<string>;
}): Array<{ parameter: string; provider: string }> {
  const { table, toolId, rankOf } = options;
  const found: Array<{ parameter: string; provider: string }> = [];
  const route = table.route(toolId);
  for (const { parameter, resource } of route?.ids ?? []) {
    const provider = chooseIdProvider({
      table,
      service: route?.service ?? '',
      resource,
      rankOf,
      words: options.words,
    });
    if (provider !== undefined) found.push({ parameter, provider });
  }
  const tool = options.run.index.tool(toolId);
  if (tool === undefined) return found;
  const pathIds = new Set(route?.ids.map((id) => id.parameter));
  for (const parameter of requiredIdentifierInputs(tool)) {
    if (pathIds.has(parameter)) continue;
    const readers = table.readersOf(parameter, tool).filter((reader) => reader !== toolId);
    const provider = bestRanked(readers, rankOf);
    if (provider !== undefined) found.push({ parameter, provider });
  }
  return found;
}

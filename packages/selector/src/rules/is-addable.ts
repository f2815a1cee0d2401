import type { SelectionContext } from '../ranking/selection-context.js';
import { conflictBetween } from './conflict-between.js';
import { availabilityOf } from './prerequisite-rule.js';
import type { BuiltInRuleRun } from './rule-run.js';

/**
 * Whether a rule may add a tool the ranking did not select: it is among the candidates (when given), can run here
 * (unless `includeUnavailable`), and is in no high conflict with the tools `chosen` so far.
 */
export function isAddable(
  run: BuiltInRuleRun,
  context: SelectionContext,
  id: string,
  chosen: ReadonlySet<string>,
): boolean {
  if (context.candidateIds !== undefined && !context.candidateIds.has(id)) return false;
  if (run.options.includeUnavailable !== true && !availabilityOf(run, id).isAvailable) return false;
  for (const other of chosen) if (conflictBetween(run, other, id)?.severity === 'high') return false;
  return true;
}

import type { RulePhase } from './rule-phase.js';
import type { SelectionStage } from './selection-context.js';
import { SELECTION_PIPELINE } from './selection-pipeline.js';

/** The stages of `SELECTION_PIPELINE`, with the given stages in place of each rule phase (none without them). */
export function defaultStages(
  options: { phases?: Partial<Record<RulePhase, readonly SelectionStage[]>> } = {},
): SelectionStage[] {
  const phases = options.phases ?? {};
  return SELECTION_PIPELINE.flatMap((step) => ('stage' in step ? [step.stage] : (phases[step.phase] ?? [])));
}

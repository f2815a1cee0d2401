import type { RulePhase } from './rule-phase.js';
import type { SelectionStage } from './selection-context.js';
import { confidenceStage } from './stages/confidence-stage.js';
import { denseStage } from './stages/dense-stage.js';
import { embedQueryStage } from './stages/embed-query-stage.js';
import { exactNameStage } from './stages/exact-name-stage.js';
import { explainStage } from './stages/explain-stage.js';
import { fuseStage } from './stages/fuse-stage.js';
import { lexicalStage } from './stages/lexical-stage.js';

/**
 * The selection pipeline: retrieval (embed, exact, dense, lexical) and fusion; the `after-fusion` rules
 * (negative evidence, conflicts, prerequisites adjust the fused ranking); confidence; the `after-confidence`
 * rules (abstention, relations); explanation, which cuts to k; the `final` rules.
 */
export function defaultStages(
  options: { phases?: Partial<Record<RulePhase, readonly SelectionStage[]>> } = {},
): SelectionStage[] {
  const phases = options.phases ?? {};
  return [
    embedQueryStage,
    exactNameStage,
    denseStage,
    lexicalStage,
    fuseStage,
    ...(phases['after-fusion'] ?? []),
    confidenceStage,
    ...(phases['after-confidence'] ?? []),
    explainStage,
    ...(phases.final ?? []),
  ];
}

/**
 * Where rules run in the pipeline (`SELECTION_PIPELINE` places each), in order: `after-fusion` (the fused ranking:
 * scores and order), `after-confidence` (decisions that need confidences), `final` (after explanation: the top k
 * with its reasons).
 */
export const RULE_PHASES = Object.freeze(['after-fusion', 'after-confidence', 'final'] as const);
export type RulePhase = (typeof RULE_PHASES)[number];

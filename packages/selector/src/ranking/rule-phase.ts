/**
 * Where rules run in the pipeline, in order: `after-fusion` (the fused ranking: scores, order, availability),
 * `after-confidence` (decisions that need confidences: the LLM stage, abstention, identifier providers,
 * relations), `final` (after explanation: the top k with its reasons).
 */
export const RULE_PHASES = Object.freeze(['after-fusion', 'after-confidence', 'final'] as const);
export type RulePhase = (typeof RULE_PHASES)[number];

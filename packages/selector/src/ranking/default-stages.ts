import type { SelectionStage } from './selection-context.js';
import { confidenceStage } from './stages/confidence-stage.js';
import { denseStage } from './stages/dense-stage.js';
import { embedQueryStage } from './stages/embed-query-stage.js';
import { exactNameStage } from './stages/exact-name-stage.js';
import { explainStage } from './stages/explain-stage.js';
import { fuseStage } from './stages/fuse-stage.js';
import { lexicalStage } from './stages/lexical-stage.js';

/**
 * The selection pipeline: retrieval (embed, exact, dense, lexical) and fusion; then `rules`, the seam where
 * negative evidence, conflicts, prerequisites and relations adjust the fused ranking; then confidence; then
 * `decisions` that need confidences (abstention, budget); finally explanation, which cuts to k.
 */
export function defaultStages(
  options: { rules?: readonly SelectionStage[]; decisions?: readonly SelectionStage[] } = {},
): SelectionStage[] {
  return [
    embedQueryStage,
    exactNameStage,
    denseStage,
    lexicalStage,
    fuseStage,
    ...(options.rules ?? []),
    confidenceStage,
    ...(options.decisions ?? []),
    explainStage,
  ];
}

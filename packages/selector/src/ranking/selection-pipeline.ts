import type { RuleField } from './rule-field.js';
import type { RulePhase } from './rule-phase.js';
import type { SelectionStage } from './selection-context.js';
import { confidenceStage } from './stages/confidence-stage.js';
import { denseStage } from './stages/dense-stage.js';
import { embedQueryStage } from './stages/embed-query-stage.js';
import { exactNameStage } from './stages/exact-name-stage.js';
import { explainStage } from './stages/explain-stage.js';
import { fuseStage } from './stages/fuse-stage.js';
import { lexicalStage } from './stages/lexical-stage.js';

/** One step of the pipeline: one of its own stages, with the rule fields it reads and writes, or a rule phase. */
export type PipelineStep =
  | { stage: SelectionStage; reads: readonly RuleField[]; writes: readonly RuleField[] }
  | { phase: RulePhase };

/**
 * The selection pipeline in the order it runs: retrieval and fusion, the rules of each phase where the phase is, and
 * between them confidence and explanation (which cuts the ranking to k). The one statement of the pipeline's shape:
 * `defaultStages` runs it, rule declarations are checked against it, and the README's table is checked against it.
 */
export const SELECTION_PIPELINE: readonly PipelineStep[] = Object.freeze([
  { stage: embedQueryStage, reads: ['prompt'], writes: ['queryVector'] },
  { stage: exactNameStage, reads: ['prompt'], writes: [] },
  { stage: denseStage, reads: ['queryVector', 'k'], writes: [] },
  { stage: lexicalStage, reads: ['prompt', 'k'], writes: [] },
  { stage: fuseStage, reads: [], writes: ['ranked', 'score', 'parts'] },
  { phase: 'after-fusion' },
  { stage: confidenceStage, reads: ['ranked', 'score', 'parts'], writes: ['confidence'] },
  { phase: 'after-confidence' },
  { stage: explainStage, reads: ['ranked', 'k'], writes: ['ranked', 'reasons'] },
  { phase: 'final' },
] satisfies PipelineStep[]);

/**
 * The fields a selection holds before any stage runs: the caller's prompt (capped) and k, and the lists the steps
 * add to (`warnings` may already say that the prompt was capped).
 */
export const PIPELINE_INPUTS: readonly RuleField[] = Object.freeze([
  'prompt',
  'k',
  'warnings',
  'unavailable',
  'suggestions',
] satisfies RuleField[]);

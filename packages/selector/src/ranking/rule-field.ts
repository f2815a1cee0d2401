/**
 * What a rule reads or writes: a field of the `SelectionContext` (`score`, `parts`, `confidence` and `reasons` are
 * the ranked tools'), or of the `RuleRun` the rules of one selection share (`run.*`). The context's other fields
 * (`index`, `candidateIds`, `pool`, `weights`) and the run's inputs (`run.options`, `run.index`, ...) are there
 * for every rule to read, and no rule writes them.
 */
export type RuleField =
  | 'prompt'
  | 'queryVector'
  | 'k'
  | 'ranked'
  | 'score'
  | 'parts'
  | 'confidence'
  | 'reasons'
  | 'warnings'
  | 'unavailable'
  | 'suggestions'
  | 'run.signals'
  | 'run.signalsTool'
  | 'run.availability'
  | 'run.rerank'
  | 'run.abstention';

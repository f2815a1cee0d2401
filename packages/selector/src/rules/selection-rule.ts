import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { RULE_PHASES, type RulePhase } from '../ranking/rule-phase.js';
import type { SelectionContext, SelectionStage } from '../ranking/selection-context.js';
import type { RuleRun } from './rule-run.js';

/**
 * What a rule reads or writes: a field of the `SelectionContext` (`score`, `confidence` and `reasons` are the
 * ranked tools'), or of the `RuleRun` the rules of one selection share (`run.*`).
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
  | 'run.availability'
  | 'run.rerank'
  | 'run.abstention';

/**
 * A rule: a timed step placed in a phase, declaring what it reads and writes. The built-in rules and the
 * caller's (`SelectorOptions.rules`) are the same thing; a caller's rule runs after the built-in rules of its
 * phase and gets the same `RuleRun`. A rule may not read a field that only a later step writes (USAGE_ERROR).
 * @example const rule: SelectionRule = { name: 'no-beta', phase: 'after-fusion', reads: ['ranked'],
 *   writes: ['ranked'], run: (context) => { context.ranked = context.ranked.filter(isStable); } };
 */
export interface SelectionRule {
  /** Its timing key in `Selection.timings`. */
  readonly name: string;
  readonly phase: RulePhase;
  readonly reads: readonly RuleField[];
  readonly writes: readonly RuleField[];
  run(context: SelectionContext, run: Readonly<RuleRun>): void | Promise<void>;
}

/**
 * The stages of each phase: the built-in rules, then the caller's, each bound to the selection's `RuleRun`.
 * Throws USAGE_ERROR for an unknown phase, or a rule that reads a field whose every writer runs after it.
 */
export function planRules(options: {
  builtIn: readonly SelectionRule[];
  custom: readonly SelectionRule[];
  run: RuleRun;
}): Record<RulePhase, SelectionStage[]> {
  const ordered = RULE_PHASES.flatMap((phase) =>
    [...options.builtIn, ...options.custom].filter((rule) => rule.phase === phase),
  );
  // The built-in rules are made afresh for each selection but declare the same things: a set of caller's rules is
  // checked once per set of built-in rules (their names), not on every selection.
  const builtInNames = options.builtIn.map((rule) => rule.name).join(',');
  const checked = CHECKED.get(options.custom) ?? new Set<string>();
  if (!checked.has(builtInNames)) {
    for (const rule of options.custom) {
      if (!RULE_PHASES.includes(rule.phase)) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          `rule "${rule.name}" has an unknown phase "${String(rule.phase)}"; phases: ${RULE_PHASES.join(', ')}`,
        );
      }
    }
    checkRuleOrder(ordered);
    checked.add(builtInNames);
    CHECKED.set(options.custom, checked);
  }
  const stagesOf = (phase: RulePhase): SelectionStage[] =>
    ordered
      .filter((rule) => rule.phase === phase)
      .map((rule) => ({ name: rule.name, run: (context) => rule.run(context, options.run) }));
  return {
    'after-fusion': stagesOf('after-fusion'),
    'after-confidence': stagesOf('after-confidence'),
    final: stagesOf('final'),
  };
}

// --- internal ---

/** Per set of caller's rules, the sets of built-in rules (by name) it has been checked with. */
const CHECKED = new WeakMap<readonly SelectionRule[], Set<string>>();

/**
 * Throws USAGE_ERROR when a rule reads a field that some step writes, but only after it (the pipeline's own
 * stages count: fusion opens `after-fusion`, confidence opens `after-confidence`, explanation opens `final`).
 */
function checkRuleOrder(rules: readonly SelectionRule[]): void {
  const steps: Array<Pick<SelectionRule, 'name' | 'phase' | 'reads' | 'writes'>> = [];
  for (const phase of RULE_PHASES) {
    steps.push({ ...PIPELINE_STAGES[phase], phase, reads: [] });
    steps.push(...rules.filter((rule) => rule.phase === phase));
  }
  steps.forEach((step, position) => {
    for (const field of step.reads) {
      const writers = steps.filter((other) => other !== step && other.writes.includes(field));
      if (writers.length === 0 || writers.some((writer) => steps.indexOf(writer) < position)) continue;
      const named = writers.map((writer) => `"${writer.name}" (${writer.phase})`).join(', ');
      throw new ToolsiftError(
        ErrorCode.UsageError,
        `rule "${step.name}" (${step.phase}) reads ${field}, which only ${named} write${writers.length === 1 ? 's' : ''}, later; phases in order: ${RULE_PHASES.join(', ')}`,
        { rule: step.name, phase: step.phase, field },
      );
    }
  });
}

/** The pipeline stage that opens each phase, and what it leaves for the rules of that phase. */
const PIPELINE_STAGES: Record<RulePhase, { name: string; writes: readonly RuleField[] }> = {
  'after-fusion': { name: 'fuse', writes: ['prompt', 'queryVector', 'k', 'ranked', 'score', 'parts'] },
  'after-confidence': { name: 'confidence', writes: ['confidence'] },
  final: { name: 'explain', writes: ['ranked', 'reasons'] },
};

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { RuleField } from '../ranking/rule-field.js';
import { RULE_PHASES, type RulePhase } from '../ranking/rule-phase.js';
import type { SelectionContext, SelectionStage } from '../ranking/selection-context.js';
import { PIPELINE_INPUTS, SELECTION_PIPELINE } from '../ranking/selection-pipeline.js';
import { applyChecked } from './apply-checked.js';
import type { BuiltInRuleRun, RuleRun } from './rule-run.js';

export type { RuleField } from '../ranking/rule-field.js';

/**
 * A rule: a timed step placed in a phase, declaring the fields it reads and writes. The built-in rules and the
 * caller's (`SelectorOptions.rules`) are the same thing; a caller's rule runs after the built-in rules of its
 * phase and is applied to the selection with the `RuleRun` they share. A rule may not read a field that only a
 * later step writes (USAGE_ERROR when the selector is created); with `checkRules`, touching a field it does not
 * declare fails the selection.
 * @example const rule: SelectionRule = { name: 'no-beta', phase: 'after-fusion', reads: ['ranked'],
 *   writes: ['ranked'], apply: (context) => { context.ranked = context.ranked.filter(isStable); } };
 */
export interface SelectionRule {
  /** Its timing key in `Selection.timings`. */
  readonly name: string;
  readonly phase: RulePhase;
  readonly reads: readonly RuleField[];
  readonly writes: readonly RuleField[];
  /** Applies the rule to one selection: `context` is the selection so far, `run` what the rules share. */
  apply(context: SelectionContext, run: Readonly<RuleRun>): void | Promise<void>;
}

/** A built-in rule: a `SelectionRule` that fills the run it is given. */
export interface BuiltInRule extends Omit<SelectionRule, 'apply'> {
  apply(context: SelectionContext, run: BuiltInRuleRun): void | Promise<void>;
}

/**
 * The rules in the order they run: by phase, and within a phase in the order given. Throws USAGE_ERROR for an
 * unknown phase, or a rule that reads a field whose every writer runs after it (`SELECTION_PIPELINE` counts).
 */
export function orderRules<Rule extends SelectionRule | BuiltInRule>(rules: readonly Rule[]): Rule[] {
  for (const rule of rules) {
    if (!RULE_PHASES.includes(rule.phase)) {
      throw new ToolsiftError(
        ErrorCode.UsageError,
        `rule "${rule.name}" has an unknown phase "${String(rule.phase)}"; phases: ${RULE_PHASES.join(', ')}`,
        { rule: rule.name },
      );
    }
  }
  const ordered = RULE_PHASES.flatMap((phase) => rules.filter((rule) => rule.phase === phase));
  checkRuleOrder(ordered);
  return ordered;
}

/** The stages of each phase: the ordered rules bound to one selection's run (guarded when `isChecked`). */
export function ruleStages(options: {
  rules: ReadonlyArray<SelectionRule | BuiltInRule>;
  run: BuiltInRuleRun;
  isChecked: boolean;
}): Record<RulePhase, SelectionStage[]> {
  const { run, isChecked } = options;
  const stagesOf = (phase: RulePhase): SelectionStage[] =>
    options.rules
      .filter((rule) => rule.phase === phase)
      .map((rule) => ({
        name: rule.name,
        run: isChecked
          ? (context) => applyChecked(rule, context, run)
          : (context) => rule.apply(context, run),
      }));
  return {
    'after-fusion': stagesOf('after-fusion'),
    'after-confidence': stagesOf('after-confidence'),
    final: stagesOf('final'),
  };
}

// --- internal ---

type Step = Pick<SelectionRule, 'name' | 'reads' | 'writes'> & { phase?: RulePhase | undefined };

/**
 * Throws USAGE_ERROR when a rule reads a field that some step writes, but only after it. The pipeline's own stages
 * are steps too, each placed in the phase that runs after it (`fuse` before `after-fusion`), and the selection's
 * inputs come first.
 */
function checkRuleOrder(rules: readonly Step[]): void {
  const steps: Step[] = [{ name: 'input', reads: [], writes: PIPELINE_INPUTS }];
  let stagePhase: RulePhase | undefined = RULE_PHASES[0];
  for (const step of SELECTION_PIPELINE) {
    if ('stage' in step) {
      steps.push({ name: step.stage.name, phase: stagePhase, reads: [], writes: step.writes });
      continue;
    }
    steps.push(...rules.filter((rule) => rule.phase === step.phase));
    stagePhase = RULE_PHASES[RULE_PHASES.indexOf(step.phase) + 1];
  }
  steps.forEach((step, position) => {
    for (const field of step.reads) {
      const writers = steps.filter((other) => other !== step && other.writes.includes(field));
      if (writers.length === 0 || writers.some((writer) => steps.indexOf(writer) < position)) continue;
      const named = writers.map((writer) => `"${writer.name}" (${writer.phase ?? 'last'})`).join(', ');
      throw new ToolsiftError(
        ErrorCode.UsageError,
        `rule "${step.name}" (${step.phase}) reads ${field}, which only ${named} write${writers.length === 1 ? 's' : ''}, later; phases in order: ${RULE_PHASES.join(', ')}`,
        { rule: step.name, phase: step.phase, field },
      );
    }
  });
}

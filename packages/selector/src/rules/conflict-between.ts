import type { Conflict, ConflictSeverity } from '@toolsift/core';
import type { BuiltInRuleRun } from './rule-run.js';

/** A conflict between two tools as both declare it: the strongest severity and each side's texts. */
export interface ToolConflict {
  severity: ConflictSeverity;
  reasons: string[];
  /** Texts saying when `a` should win (a's `when_prefer_this`, b's `when_prefer_other`). */
  preferA: string[];
  /** Texts saying when `b` should win. */
  preferB: string[];
  /** Which tools declared it. */
  declaredBy: string[];
}

/** The conflict between tools `a` and `b`, merged from both declarations; `undefined` when neither declares one. */
export function conflictBetween(run: BuiltInRuleRun, a: string, b: string): ToolConflict | undefined {
  // Rules ask about many pairs, and most tools declare no conflict: rule those out without building anything.
  if (!conflictTargets(run, a).has(b) && !conflictTargets(run, b).has(a)) return undefined;
  const fromA = declared(run, a, b);
  const fromB = declared(run, b, a);
  if (fromA.length === 0 && fromB.length === 0) return undefined;
  const texts = (values: Array<string | undefined>): string[] =>
    values.filter((text): text is string => text !== undefined && text.trim().length > 0);
  return {
    severity: strongest([...fromA, ...fromB].map((conflict) => conflict.severity)),
    reasons: texts([...fromA, ...fromB].map((conflict) => conflict.reason)),
    preferA: texts([
      ...fromA.map((conflict) => conflict.whenPreferThis),
      ...fromB.map((conflict) => conflict.whenPreferOther),
    ]),
    preferB: texts([
      ...fromA.map((conflict) => conflict.whenPreferOther),
      ...fromB.map((conflict) => conflict.whenPreferThis),
    ]),
    declaredBy: [...(fromA.length === 0 ? [] : [a]), ...(fromB.length === 0 ? [] : [b])],
  };
}

// --- internal ---

/** The tool ids a tool declares conflicts with, resolved once per selection. */
function conflictTargets(run: BuiltInRuleRun, toolId: string): ReadonlySet<string | undefined> {
  let targets = run.conflictTargets.get(toolId);
  if (targets === undefined) {
    const conflicts = run.index.tool(toolId)?.conflicts ?? [];
    targets =
      conflicts.length === 0 ? NO_TARGETS : new Set(conflicts.map((conflict) => run.resolve(conflict.tool)));
    run.conflictTargets.set(toolId, targets);
  }
  return targets;
}

const NO_TARGETS: ReadonlySet<string | undefined> = new Set();

function declared(run: BuiltInRuleRun, owner: string, other: string): Conflict[] {
  return run.index.tool(owner)?.conflicts.filter((conflict) => run.resolve(conflict.tool) === other) ?? [];
}

function strongest(severities: Array<ConflictSeverity | undefined>): ConflictSeverity {
  if (severities.includes('high')) return 'high';
  if (severities.includes('medium')) return 'medium';
  return 'low';
}

import type { Tool } from '@toolsift/core';
import { snippet } from '../rules/rule-text.js';
import { DoctorCode, type DoctorFinding, type PromptOutcome, type ReachDetails } from './doctor-finding.js';
import { DOCTOR_K } from './reach-own-prompts.js';

/**
 * Findings from how each tool's own prompts fared: UNREACHABLE (none selects it among the first `DOCTOR_K`, an
 * error), NOT_FIRST (some do, none first), PROMPTS_MISSED (first for some, out of the first `DOCTOR_K` for others).
 * Tools in `skipped` (the deprecated ones, ranked below their replacement by design) get none.
 */
export function reachFindings(options: {
  tools: readonly Tool[];
  outcomes: readonly PromptOutcome[];
  skipped: ReadonlySet<string>;
}): DoctorFinding[] {
  const byTool = groupBy(options.outcomes, (outcome) => outcome.tool);
  const findings: DoctorFinding[] = [];
  for (const tool of options.tools) {
    const prompts = byTool.get(tool.id);
    if (prompts === undefined || options.skipped.has(tool.id)) continue;
    const details: ReachDetails = {
      prompts,
      first: prompts.filter((outcome) => outcome.rank === 1).length,
      inTop: prompts.filter((outcome) => outcome.rank !== null).length,
    };
    const own = `${prompts.length} own prompt${prompts.length === 1 ? '' : 's'}`;
    const missed = prompts.filter((outcome) => outcome.rank === null);
    const base = { tools: [tool.id], details };
    if (details.inTop === 0) {
      findings.push({
        ...base,
        code: DoctorCode.Unreachable,
        kind: 'reach',
        severity: 'error',
        message: `unreachable: not among the first ${DOCTOR_K} for any of its ${own}`,
        evidence: prompts.map((outcome) => describeOutcome(outcome)),
        fix: reachFix(tool, prompts),
      });
    } else if (details.first === 0) {
      findings.push({
        ...base,
        code: DoctorCode.NotFirst,
        kind: 'reach',
        severity: 'warning',
        message: `never first (unreachable at k=1): among the first ${DOCTOR_K} for ${details.inTop} of its ${own}, first for none`,
        evidence: prompts.map((outcome) => describeOutcome(outcome)),
        fix: reachFix(tool, prompts),
      });
    } else if (missed.length > 0) {
      findings.push({
        ...base,
        code: DoctorCode.PromptsMissed,
        kind: 'reach',
        severity: 'info',
        message: `first for ${details.first} of its ${own}, not among the first ${DOCTOR_K} for ${missed.length}`,
        evidence: missed.map((outcome) => describeOutcome(outcome)),
        fix: reachFix(tool, missed),
      });
    }
  }
  return findings;
}

/**
 * CONFUSABLE pairs: two tools each selected first for a prompt of the other. A prompt taken one way only shows in
 * the reach findings of the tool it was taken from.
 */
export function confusableFindings(options: {
  tools: readonly Tool[];
  outcomes: readonly PromptOutcome[];
}): DoctorFinding[] {
  const toolOf = new Map(options.tools.map((tool) => [tool.id, tool]));
  const taken = groupBy(
    options.outcomes.filter(
      (outcome) => outcome.rank !== 1 && outcome.first !== null && outcome.first !== outcome.tool,
    ),
    (outcome) => `${outcome.tool}\u0000${outcome.first}`,
  );
  const findings: DoctorFinding[] = [];
  for (const [key, prompts] of taken) {
    const [from, by] = key.split('\u0000') as [string, string];
    const back = taken.get(`${by}\u0000${from}`);
    // Each pair once, from its first tool in id order.
    if (back === undefined || from > by) continue;
    const first = toolOf.get(from);
    const second = toolOf.get(by);
    if (first === undefined || second === undefined) continue;
    const isDeclared = declares(first, second) || declares(second, first);
    const all = [...prompts, ...back];
    findings.push({
      code: DoctorCode.Confusable,
      kind: 'confusable',
      severity: 'warning',
      tools: [from, by],
      message: `take each other's prompts: ${by} comes first for ${prompts.length} of ${from}'s, ${from} for ${back.length} of ${by}'s${isDeclared ? ' (a declared conflict or alternative does not settle them)' : ''}`,
      evidence: all.map((outcome) => describeOutcome(outcome, { isOwnerNamed: true })),
      fix: isDeclared
        ? `Word the declared relation's when_prefer_this / when_prefer_other (or the use cases' not_for) with what tells these prompts apart.`
        : `Tell them apart where both are described: give each use cases whose examples show what only it does, and a not_for naming the other's job; or declare a conflict with when_prefer_this / when_prefer_other.`,
      details: { prompts: all, isDeclared },
    });
  }
  return findings;
}

/** One line for a prompt's outcome: `"what is 2+2" (example 1): 3rd; first: calculator`, the tool whose prompt it
 * is named first with `isOwnerNamed`. */
export function describeOutcome(outcome: PromptOutcome, options: { isOwnerNamed?: boolean } = {}): string {
  const where = `${outcome.source} ${outcome.index + 1}`;
  const place =
    outcome.rank === 1
      ? 'first'
      : `${outcome.rank === null ? `not in the first ${DOCTOR_K}` : ordinal(outcome.rank)}; first: ${outcome.first ?? 'nothing'}`;
  const owner = options.isOwnerNamed === true ? `${outcome.tool}'s ` : '';
  return `${owner}"${snippet(outcome.text, 90)}" (${where}): ${place}`;
}

// --- internal ---

function reachFix(tool: Tool, prompts: readonly PromptOutcome[]): string {
  const takers = [
    ...new Set(
      prompts.flatMap((outcome) =>
        outcome.rank !== 1 && outcome.first !== null && outcome.first !== tool.id ? [outcome.first] : [],
      ),
    ),
  ];
  const where = tool.server === undefined ? 'its metadata' : 'an overlay for its server';
  const others =
    takers.length === 0
      ? ''
      : ` If ${takers.slice(0, 3).join(', ')} should not take them, give ${takers.length === 1 ? 'its' : 'their'} use cases a not_for, or declare a conflict with when_prefer_this / when_prefer_other.`;
  return `Say what it does in the words of these prompts, in ${where}: use cases whose when_to_use and example say them, keywords, a description that names what it acts on.${others}`;
}

function declares(tool: Tool, other: Tool): boolean {
  const names = new Set([other.id, other.name]);
  return [...tool.conflicts, ...tool.alternatives].some((relation) => names.has(relation.tool));
}

function ordinal(rank: number): string {
  const suffix =
    rank % 10 === 1 && rank !== 11
      ? 'st'
      : rank % 10 === 2 && rank !== 12
        ? 'nd'
        : rank % 10 === 3 && rank !== 13
          ? 'rd'
          : 'th';
  return `${rank}${suffix}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

import { type ActionVerdict, judgeToolActions } from '../actions/judge-tool-actions.js';
import { compareScoredTools } from '../ranking/fuse-scores.js';
import type { ScoredTool } from '../ranking/selection-context.js';
import { type ActionMismatchDetails, findReason } from '../ranking/selection-reason.js';
import { WarningCode } from '../ranking/warning-code.js';
import { roundTo } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Action agreement: when the prompt asks for actions ("list", "delete", a question) and a pooled tool's
 * metadata says it creates, updates or deletes something the prompt did not ask for (`delete_file` for "list
 * the files in the repo"; a tool that only says it is not read-only, for a prompt that asks to write nothing),
 * the tool loses `writeMismatchPenalty` of its score. Embeddings match a prompt's topic far better than its verb,
 * so without this the tools that write files rank beside the ones that list them.
 * Reads are demoted (twice the penalty) only when the prompt asks to write, to read nothing, and names the file
 * the write goes to ("save this text to todo.md", "store it in a file": see `promptWriteTarget`): otherwise a write often needs a read
 * first, to find the identifier it takes (tuned on the bench's tune halves, demoting reads in every write prompt
 * cost api-bank 0.012 nDCG). Only in catalogs where at
 * least `actionKnownShare` of the tools say what they do: where few names are verb-led (`BookTool`,
 * `ProductSearch`), the verbs that are there are more often nouns than actions.
 *
 * States read what a tool does more closely than its verb (see `judgeToolActions`): a tool that does what the
 * prompt asks and takes a state it names ("close issue 12": `update_issue_state`, `state: open | closed`) gains
 * the penalty, at most doubling its score; a write the prompt asks for only with a state word that it does not
 * take (`update_issue_title`) loses the penalty; and a write that sets the state a prompt reads by ("show me
 * open pull requests": `update_pull_request_state`) loses it twice, the state being what inflated its score.
 */
export function actionAgreementRule(): BuiltInRule {
  return {
    name: 'action-agreement',
    phase: 'after-fusion',
    reads: ['prompt', 'ranked', 'score'],
    writes: ['score', 'ranked', 'reasons'],
    apply(context, run) {
      const penalty = run.weights.writeMismatchPenalty;
      if (penalty <= 0) return;
      const table = run.index.toolActions?.();
      if (table === undefined || table.knownShare < run.weights.actionKnownShare) return;
      const toolIds = context.ranked.map((scored) => scored.toolId);
      const { asked, verdicts } = judgeToolActions({ prompt: context.prompt, toolIds, table });
      if (verdicts.size === 0) return;
      const promptActions = Object.fromEntries(asked);
      const stated: Array<{ scored: ScoredTool; verdict: StatedVerdict; bonus: number }> = [];
      for (const scored of context.ranked) {
        const verdict = verdicts.get(scored.toolId);
        if (verdict === undefined) continue;
        if (verdict.kind === 'stated') {
          // At most doubled: a tool on another topic that takes the same state stays below the prompt's topic.
          const bonus = Math.min(penalty, Math.max(0, scored.score));
          scored.score += bonus;
          stated.push({ scored, verdict, bonus });
          continue;
        }
        const details = mismatchDetails({ verdict, promptActions, penalty });
        // Not clamped at 0 (the result is): a demoted tool still sorts below the undemoted ones that score 0.
        scored.score -= details.penalty;
        scored.reasons.push({
          kind: 'action',
          message: `${describeMismatch(details)}: score -${details.penalty}`,
          details,
        });
      }
      // Scores stay in [0, 1] as fusion left them: the best at 1, the others in proportion.
      const top = Math.max(...context.ranked.map((scored) => scored.score));
      const scale = top > 1 ? 1 / top : 1;
      if (scale < 1) for (const scored of context.ranked) scored.score *= scale;
      for (const { scored, verdict, bonus } of stated) {
        const scaled = scale < 1 ? `, then every score x${roundTo(scale, 3)} so that the best is 1` : '';
        scored.reasons.push({
          kind: 'action-state',
          message: `${describeStates(verdict.states)}: score +${roundTo(bonus, 3)}${scaled}`,
          details: {
            promptActions,
            toolAction: verdict.fact.action,
            states: verdict.states,
            bonus: roundTo(bonus),
            ...(scale < 1 ? { scale: roundTo(scale) } : {}),
          },
        });
      }
      context.ranked.sort(compareScoredTools);
    },
  };
}

/**
 * After the decisions: when the selection's first tool is still one the action rule demoted (nothing that does
 * what the prompt asks fits better), an `ACTION_MISMATCH` warning says so, so an agent can ask before it writes.
 */
export function actionMismatchWarning(): BuiltInRule {
  return {
    name: 'action-mismatch',
    phase: 'after-confidence',
    reads: ['ranked', 'reasons'],
    writes: ['warnings'],
    apply(context) {
      const first = context.ranked[0];
      if (first === undefined) return;
      const details = findReason(first.reasons, 'action')?.details;
      if (details === undefined) return;
      context.warnings.push({
        code: WarningCode.ActionMismatch,
        message: `the best tool, ${first.toolId}, may not do what the prompt asks: ${describeMismatch(details)}`,
        toolId: first.toolId,
      });
    },
  };
}

// --- internal ---

type StatedVerdict = Extract<ActionVerdict, { kind: 'stated' }>;

function mismatchDetails(options: {
  verdict: Exclude<ActionVerdict, { kind: 'stated' }>;
  promptActions: Record<string, string>;
  penalty: number;
}): ActionMismatchDetails {
  const { verdict } = options;
  const { action, source, word } = verdict.fact;
  const base = { promptActions: options.promptActions, toolAction: action, source, word };
  if (verdict.kind === 'stateless')
    return { ...base, missingStates: verdict.missingStates, penalty: options.penalty };
  // Twice, as for a state: the prompt says it writes and where, so a read is what it did not ask for, twice over.
  if (verdict.target !== undefined)
    return { ...base, target: verdict.target.words, penalty: 2 * options.penalty };
  return verdict.states === undefined
    ? { ...base, penalty: options.penalty }
    : { ...base, states: verdict.states, penalty: 2 * options.penalty };
}

// 'the prompt asks to read ("list"); this tool's name says it creates ("create")'
function describeMismatch(details: ActionMismatchDetails): string {
  const asked = Object.entries(details.promptActions)
    .map(([action, word]) => `${action} ("${word}")`)
    .join(', ');
  const evidence =
    details.source === 'annotations' ? `readOnlyHint: ${details.toolAction === 'read'}` : `"${details.word}"`;
  const said = `the prompt asks to ${asked}; this tool's ${SOURCE_NAMES[details.source]} says it ${details.toolAction}s (${evidence})`;
  if (details.states !== undefined)
    return `${said}, setting a state the prompt names (${quoted(details.states)})`;
  if (details.target !== undefined)
    return `the prompt asks to ${asked}, and names the file it writes to ("${details.target}"); this tool's ${SOURCE_NAMES[details.source]} says it reads (${evidence})`;
  if (details.missingStates !== undefined)
    return `${said} but takes no state the prompt names (${details.missingStates.map((word) => `"${word}"`).join(', ')})`;
  return said;
}

// 'the prompt names a state this tool takes ("close": "closed")'
function describeStates(states: Record<string, string>): string {
  return `the prompt names a state this tool takes (${quoted(states)})`;
}

function quoted(states: Record<string, string>): string {
  return Object.entries(states)
    .map(([word, value]) => `"${word}": "${value}"`)
    .join(', ');
}

const SOURCE_NAMES = { route: 'HTTP method', name: 'name', annotations: 'readOnlyHint annotation' } as const;

import type { ToolAction } from '../actions/action-words.js';
import { promptActions } from '../actions/prompt-actions.js';
import type { ToolActionFact } from '../actions/tool-action.js';
import { compareScoredTools } from '../ranking/fuse-scores.js';
import type { SelectionStage } from '../ranking/selection-context.js';
import type { RuleRun } from './rule-run.js';

/**
 * Action agreement: when the prompt asks for actions ("list", "delete", a question) and a pooled tool's
 * metadata says it creates, updates or deletes something the prompt did not ask for (`delete_file` for "list
 * the files in the repo"; a tool that only says it is not read-only, for a prompt that asks to write nothing),
 * the tool loses `writeMismatchPenalty` of its score. Embeddings match a prompt's topic far better than its verb,
 * so without this the tools that write files rank beside the ones that list them.
 * Reads are never demoted: a write often needs one first, to find the identifier it takes (tuned on the
 * bench's tune halves, demoting reads in write prompts cost api-bank 0.012 nDCG). Only in catalogs where at
 * least `actionKnownShare` of the tools say what they do: where few names are verb-led (`BookTool`,
 * `ProductSearch`), the verbs that are there are more often nouns than actions.
 */
export function actionAgreementRule(run: RuleRun): SelectionStage {
  return {
    name: 'action-agreement',
    run(context) {
      const penalty = run.weights.writeMismatchPenalty;
      if (penalty <= 0) return;
      const table = run.index.toolActions?.();
      if (table === undefined || table.knownShare < run.weights.actionKnownShare) return;
      const asked = promptActions(context.prompt);
      if (asked.size === 0) return;
      const askedWords = Object.fromEntries(asked);
      let isChanged = false;
      for (const scored of context.ranked) {
        const fact = table.actionOf(scored.toolId);
        if (fact === undefined || fact.action === 'read' || isAsked(fact.action, asked)) continue;
        // Not clamped at 0 (the result is): a demoted tool still sorts below the undemoted ones that score 0.
        scored.score -= penalty;
        const details = {
          promptActions: askedWords,
          toolAction: fact.action,
          source: fact.source,
          word: fact.word,
          penalty,
        };
        scored.reasons.push({
          kind: 'action',
          message: `${describeMismatch(details)}: score -${penalty}`,
          details,
        });
        isChanged = true;
      }
      if (isChanged) context.ranked.sort(compareScoredTools);
    },
  };
}

/**
 * After the decisions: when the selection's first tool is still one the action rule demoted (nothing that does
 * what the prompt asks fits better), an `ACTION_MISMATCH` warning says so, so an agent can ask before it writes.
 */
export function actionMismatchWarning(): SelectionStage {
  return {
    name: 'action-mismatch',
    run(context) {
      const first = context.ranked[0];
      const details = first?.reasons.find((entry) => entry.kind === 'action')?.details as
        | MismatchDetails
        | undefined;
      if (first === undefined || details === undefined) return;
      context.warnings.push({
        code: 'ACTION_MISMATCH',
        message: `the best tool, ${first.toolId}, may not do what the prompt asks: ${describeMismatch(details)}`,
        toolId: first.toolId,
      });
    },
  };
}

// --- internal ---

// A prompt that asks for a write of unsaid kind (`send`, `merge`) may mean any write; a tool that writes without
// saying how is asked for by any write.
function isAsked(action: ToolAction, asked: ReadonlyMap<ToolAction, string>): boolean {
  if (asked.has(action) || asked.has('write')) return true;
  return action === 'write' && (asked.has('create') || asked.has('update') || asked.has('delete'));
}

/** The `details` of an `action` reason. */
interface MismatchDetails {
  promptActions: Record<string, string>;
  toolAction: ToolAction;
  source: ToolActionFact['source'];
  word: string;
}

// 'the prompt asks to read ("list"); this tool's name says it creates ("create")'
function describeMismatch(details: MismatchDetails): string {
  const asked = Object.entries(details.promptActions)
    .map(([action, word]) => `${action} ("${word}")`)
    .join(', ');
  const evidence =
    details.source === 'annotations' ? `readOnlyHint: ${details.toolAction === 'read'}` : `"${details.word}"`;
  return `the prompt asks to ${asked}; this tool's ${SOURCE_NAMES[details.source]} says it ${details.toolAction}s (${evidence})`;
}

const SOURCE_NAMES = { route: 'HTTP method', name: 'name', annotations: 'readOnlyHint annotation' } as const;

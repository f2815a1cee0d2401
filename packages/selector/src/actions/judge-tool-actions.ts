import { stem } from '../lexical/stem.js';
import { ENGLISH_STOP_WORDS } from '../lexical/stop-words.js';
import { isBaseVerb, type ToolAction } from './action-words.js';
import { promptActions, promptWords } from './prompt-actions.js';
import type { ToolActionFact } from './tool-action.js';
import type { ToolActionTable } from './tool-action-table.js';
import { promptWriteTarget, type WriteTarget } from './write-target.js';

/**
 * How a tool's action agrees with a prompt. `states` maps the prompt words that name one of the tool's states to
 * the value it declares (`close` -> `closed`).
 * - `stated`: it does what the prompt asks, to or by a state the prompt names (`update_issue_state` for "close
 *   issue 12", `list_pull_requests` for "show me open pull requests");
 * - `mismatch`: it writes, and the prompt does not ask for that kind of write (`states` when it sets a state the
 *   prompt names: "show me open pull requests" reads by the state `update_pull_request_state` sets); or it reads,
 *   and the prompt asks only to write and names the file it goes to (`target`: "save this text to todo.md");
 * - `stateless`: it does the write asked, but the prompt asks it only with words naming states that other
 *   pooled tools take and this one does not (`update_issue_title` for "close issue 12"; `missingStates`).
 */
export type ActionVerdict =
  | { kind: 'stated'; fact: ToolActionFact; states: Record<string, string> }
  | { kind: 'mismatch'; fact: ToolActionFact; states?: Record<string, string>; target?: WriteTarget }
  | { kind: 'stateless'; fact: ToolActionFact; missingStates: string[] };

/**
 * The verdicts on the tools of a pool that the prompt's actions bear on (tools that say nothing about what they
 * do, and reads that agree with it or are not asked for, have none), and what the prompt asks, with the first word
 * that asked for each action. Empty when the prompt asks nothing the lexicon knows. Reads are judged only when the
 * prompt asks to write, to read nothing, and names the file it goes to (see `promptWriteTarget`): a write often needs
 * a read first, but "save this text to todo.md" asks for none. A file the prompt does not make may exist: the
 * prompt then asks to update too ("add a line to log.txt").
 */
export function judgeToolActions(options: {
  prompt: string;
  toolIds: readonly string[];
  table: ToolActionTable;
}): { asked: ReadonlyMap<ToolAction, string>; verdicts: Map<string, ActionVerdict> } {
  const { table } = options;
  const verdicts = new Map<string, ActionVerdict>();
  let asked = promptActions(options.prompt);
  if (asked.size === 0) return { asked, verdicts };
  const words = promptWords(options.prompt).filter((word) => !STOP_WORDS.has(word));
  const states = new Map(options.toolIds.map((toolId) => [toolId, table.statesOf(toolId)]));
  const readBy = statesReadBy(words, states.values());
  if (readBy.size > 0) asked = promptActions(options.prompt, { except: readBy });
  if (asked.size === 0) return { asked, verdicts };
  const target = asked.has('read') ? undefined : promptWriteTarget(options.prompt);
  if (target !== undefined && !target.isNew && !asked.has('update'))
    asked = new Map<ToolAction, string>([...asked, ['update', target.words]]);
  const wordStems = words.map((word) => [word, stem(word)] as const);
  const agreeing: Array<{ toolId: string; fact: ToolActionFact }> = [];
  const stateWords = new Set<string>();
  for (const toolId of options.toolIds) {
    const fact = table.actionOf(toolId);
    if (fact === undefined) continue;
    const named = namedStates(wordStems, states.get(toolId));
    const isAgreeing = fact.action === 'read' ? asked.has('read') : isActionAsked(fact.action, asked);
    if (!isAgreeing) {
      if (fact.action !== 'read')
        verdicts.set(toolId, { kind: 'mismatch', fact, ...(named !== undefined ? { states: named } : {}) });
      else if (target !== undefined) verdicts.set(toolId, { kind: 'mismatch', fact, target });
    } else if (named !== undefined) {
      verdicts.set(toolId, { kind: 'stated', fact, states: named });
      for (const word of Object.keys(named)) stateWords.add(word);
    } else if (fact.action !== 'read') agreeing.push({ toolId, fact });
  }
  if (stateWords.size === 0) return { asked, verdicts };
  // What the prompt asks besides the states it names: "close issue 12" asks nothing else.
  const unstated = promptActions(options.prompt, { except: new Set([...readBy, ...stateWords]) });
  const missingStates = [...stateWords];
  for (const { toolId, fact } of agreeing) {
    if (!isActionAsked(fact.action, unstated) && !isNamedFor(fact, stateWords))
      verdicts.set(toolId, { kind: 'stateless', fact, missingStates });
  }
  return { asked, verdicts };
}

/** Whether a tool's action is asked for: a prompt that asks for a write of unsaid kind (`send`, `merge`) may mean
 * any write, and a tool that writes without saying how is asked for by any write. */
export function isActionAsked(action: ToolAction, asked: ReadonlyMap<ToolAction, string>): boolean {
  if (asked.has(action) || asked.has('write')) return true;
  return action === 'write' && (asked.has('create') || asked.has('update') || asked.has('delete'));
}

// --- internal ---

// Function words name no state ("comment on issue 5" is no `state: on`).
const STOP_WORDS: ReadonlySet<string> = new Set(ENGLISH_STOP_WORDS);

/**
 * The prompt words that are a state as a tool declares it, and no verb as they stand: "closed issues", "running
 * jobs" name a state to read by, and ask nothing of their own although `closed` is a form of `close`. The verb
 * itself still asks ("close issue 12"), and so does a state that is one (`read` of `state: read | done`).
 */
function statesReadBy(
  words: readonly string[],
  states: Iterable<ReadonlyMap<string, string>>,
): ReadonlySet<string> {
  const values = new Set<string>();
  for (const toolStates of states) for (const value of toolStates.values()) values.add(value.toLowerCase());
  return new Set(words.filter((word) => values.has(word) && !isBaseVerb(word)));
}

// The prompt words that name one of the states (by stem), with the value the tool declares; undefined for none.
function namedStates(
  wordStems: ReadonlyArray<readonly [string, string]>,
  states: ReadonlyMap<string, string> | undefined,
): Record<string, string> | undefined {
  if (states === undefined || states.size === 0) return undefined;
  const named: Record<string, string> = {};
  for (const [word, key] of wordStems) {
    const value = states.get(key);
    if (value !== undefined) named[word] = value;
  }
  return Object.keys(named).length === 0 ? undefined : named;
}

// A tool named for a state the prompt names does it without a state parameter (`close_issue` for "close it").
function isNamedFor(fact: ToolActionFact, stateWords: ReadonlySet<string>): boolean {
  if (fact.source !== 'name') return false;
  const verb = stem(fact.word);
  return [...stateWords].some((word) => stem(word) === verb);
}

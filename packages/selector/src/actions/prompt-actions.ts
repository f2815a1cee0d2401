import { actionsOfPromptWord, isQuestionWord, type ToolAction } from './action-words.js';

/**
 * The actions a prompt asks for, each with the first word that asked for it (`"list the files"` -> read:
 * `list`; `"send it"` -> write: `send`). A question word asks to read. Empty when the prompt has no verb the
 * lexicon knows. `except` leaves words out: the states a prompt names to read by ("closed issues"), or all it
 * names (what else does "close issue 12" ask?).
 */
export function promptActions(
  prompt: string,
  options: { except?: ReadonlySet<string> } = {},
): ReadonlyMap<ToolAction, string> {
  const actions = new Map<ToolAction, string>();
  for (const word of promptWords(prompt)) {
    if (options.except?.has(word)) continue;
    for (const action of actionsOfPromptWord(word)) if (!actions.has(action)) actions.set(action, word);
    if (isQuestionWord(word) && !actions.has('read')) actions.set('read', word);
  }
  return actions;
}

/** A prompt's words, lower-case, in order. */
export function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().match(WORD) ?? [];
}

// --- internal ---

const WORD = /[a-z]+/g;

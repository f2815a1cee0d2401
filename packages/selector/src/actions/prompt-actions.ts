import { actionsOfPromptWord, isQuestionWord, type ToolAction } from './action-words.js';

/**
 * The actions a prompt asks for, each with the first word that asked for it (`"list the files"` -> read:
 * `list`; `"send it"` -> write: `send`). A question word asks to read. Empty when the prompt has no verb the
 * lexicon knows.
 */
export function promptActions(prompt: string): ReadonlyMap<ToolAction, string> {
  const actions = new Map<ToolAction, string>();
  for (const word of prompt.toLowerCase().match(WORD) ?? []) {
    for (const action of actionsOfPromptWord(word)) if (!actions.has(action)) actions.set(action, word);
    if (isQuestionWord(word) && !actions.has('read')) actions.set('read', word);
  }
  return actions;
}

// --- internal ---

const WORD = /[a-z]+/g;

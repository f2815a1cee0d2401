import { actionsOfPromptWord, isBaseVerb, isQuestionWord, type ToolAction } from './action-words.js';

/**
 * The actions a prompt asks for, each with the first word that asked for it (`"list the files"` -> read:
 * `list`; `"send it"` -> write: `send`). A question word asks to read. Empty when the prompt has no verb the
 * lexicon knows. A verb used as a noun, after a determiner or possessive, maybe with a gerund or a common adjective between
 * ("store my shopping list", "show me the latest update"), asks nothing when another word of the prompt asks something; alone it
 * still says what the prompt is about ("give me a list of files" reads). `except` leaves words out: the states a
 * prompt names to read by ("closed issues"), or all it names (what else does "close issue 12" ask?);
 * `isBaseFormOnly` keeps only verbs as they stand, used as verbs, as a request words them ("forget", not
 * "forgetting", "ran" or "the store").
 */
export function promptActions(
  prompt: string,
  options: { except?: ReadonlySet<string>; isBaseFormOnly?: boolean } = {},
): ReadonlyMap<ToolAction, string> {
  const actions = new Map<ToolAction, string>();
  const nounActions = new Map<ToolAction, string>();
  const words = promptWords(prompt);
  words.forEach((word, position) => {
    if (options.except?.has(word)) return;
    const asked = options.isBaseFormOnly === true && !isBaseVerb(word) ? NONE : actionsOfPromptWord(word);
    const into = asked.length > 0 && isNounUse(words, position) ? nounActions : actions;
    for (const action of asked) if (!into.has(action)) into.set(action, word);
    if (isQuestionWord(word) && !actions.has('read')) actions.set('read', word);
  });
  return actions.size > 0 || options.isBaseFormOnly === true ? actions : nounActions;
}

/** A prompt's words, lower-case, in order. */
export function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().match(WORD) ?? [];
}

// --- internal ---

const WORD = /[a-z]+/g;
const NONE: readonly ToolAction[] = [];
const DETERMINERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'this',
  'these',
  'those',
]);

const MODIFIERS: ReadonlySet<string> = new Set([
  'new',
  'latest',
  'last',
  'first',
  'next',
  'old',
  'recent',
  'current',
  'whole',
  'full',
  'final',
  'same',
  'other',
]);

// After a determiner ("the update"), or after a determiner and a modifier: a gerund or a common adjective ("my
// shopping list", "the latest update"; not "my appointment found", "the job stopped", where the verb is one).
function isNounUse(words: readonly string[], position: number): boolean {
  const previous = words[position - 1];
  if (previous === undefined) return false;
  if (DETERMINERS.has(previous)) return true;
  const before = words[position - 2];
  return (
    before !== undefined &&
    DETERMINERS.has(before) &&
    (MODIFIERS.has(previous) || (previous.endsWith('ing') && actionsOfPromptWord(previous).length === 0))
  );
}

/**
 * Where a prompt says its write goes, when it says so in the words people use: `file`, a file it names ("save
 * this text to todo.md", "add a line to the end of log.txt") or a file it writes into ("store it in a file"),
 * which the write creates or updates; `new`, a thing it makes ("make a new folder", "a folder called drafts").
 */
export interface WriteTarget {
  kind: 'file' | 'new';
  /** The words that say it (`todo.md`, `file`, `a new folder`, `called drafts`). */
  words: string;
}

/**
 * The target of a prompt's write (see `WriteTarget`): a thing made new first ("a file called hello.py" is
 * created, not updated), then a file; undefined when it names none. Whether the prompt asks for a write at all is the caller's to know (`promptActions`): "show me what's in
 * notes.txt" names a file and asks to read it.
 */
export function promptWriteTarget(prompt: string): WriteTarget | undefined {
  const made = NEW_THING.exec(prompt) ?? NAMED_THING.exec(prompt);
  if (made !== null) return { kind: 'new', words: made[0].trim().toLowerCase() };
  const file = FILE_NAME.exec(prompt) ?? FILE_DESTINATION.exec(prompt);
  if (file !== null) return { kind: 'file', words: file[1]!.toLowerCase() };
  return undefined;
}

// --- internal ---

// A file name: a path's last part with an extension that starts with a letter (`todo.md`, `src/app.ts`, not `2.5`
// or the end of a sentence).
const FILE_NAME = /(?<![\w.])[`'"]?((?:[\w~-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w.]*\w)/;
// "in a file", "into the file", "to a new file".
const FILE_DESTINATION = /\b(?:to|into|in|onto)\s+(?:a|an|the|my|our|your|this|that)\s+(?:new\s+)?(file)\b/i;
const NEW_THING = /\b(?:a|an)\s+(?:brand\s+)?new\s+[a-z]+/i;
const NAMED_THING = /\b(?:called|named|titled)\s+[`'"]?[\w.-]+/i;

/**
 * The file a prompt's write goes to, when it says so in the words people use: a file it names ("save this text to
 * todo.md", "add a line to the end of log.txt") or a file it writes into ("store it in a file"). `isNew` when the
 * prompt makes it ("create a file called hello.py", "into a new file"): else the file may exist, and the write
 * may update it.
 */
export interface WriteTarget {
  /** The words that say it (`todo.md`, `file`). */
  words: string;
  isNew: boolean;
}

/**
 * The file a prompt names as where its write goes (see `WriteTarget`); undefined when it names none. An e-mail
 * address, a web domain or a time (`p.m.`) is no file. Whether the prompt asks for a write at all is the caller's to
 * know (`promptActions`): "show me what's in notes.txt" names a file and asks to read it. Other things a prompt makes
 * ("a new playlist", "a folder called drafts") are no target: making one often needs a read first (the user's id,
 * the folder it goes in).
 */
export function promptWriteTarget(prompt: string): WriteTarget | undefined {
  for (const match of prompt.matchAll(FILE_NAME)) {
    const words = match[1]!;
    const extension = words.slice(words.lastIndexOf('.') + 1).toLowerCase();
    if (WEB_DOMAINS.has(extension)) continue;
    return { words: words.toLowerCase(), isNew: MAKES.test(prompt.slice(0, match.index)) };
  }
  const file = FILE_DESTINATION.exec(prompt);
  if (file !== null) return { words: 'file', isNew: file[1] !== undefined };
  return undefined;
}

// --- internal ---

// A file name: a path's last part with an extension of two to six characters that starts with a letter (`todo.md`,
// `src/app.ts`; not `2.5`, `p.m.` or the end of a sentence), not after `@` (an e-mail address).
const FILE_NAME = /(?<![\w.@])[`'"]?((?:[\w~-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{1,5})(?![\w.]*\w)/g;
// "in a file", "into the file", "to a new file".
const FILE_DESTINATION = /\b(?:to|into|in|onto)\s+(?:a|an|the|my|our|your|this|that)\s+(new\s+)?file\b/i;
// What comes just before a file the prompt makes: "called", "named", "a new file", "create".
const MAKES = /\b(?:called|named|titled|new(?:\s+file)?|create|make)\s+[`'"]?$/i;
// Top-level domains that end web addresses more often than files end in them.
const WEB_DOMAINS: ReadonlySet<string> = new Set(['com', 'org', 'net', 'io', 'edu', 'gov', 'co', 'uk', 'de']);

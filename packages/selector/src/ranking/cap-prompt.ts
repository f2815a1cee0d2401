import type { SelectionWarning } from './selection-context.js';
import { WarningCode } from './warning-code.js';

/**
 * Characters of a prompt that selection reads. The encoder sees its first 128 tokens (use-lite; 512 for most `hf:`
 * models), about 600 to 2,500 characters, and BM25 gains nothing past a few thousand: a longer prompt is a pasted
 * document with a request in it, whose extra words only match every tool a little. Read whole (use-lite, through the
 * MCP server), a 1,000,000-character prompt overflowed the tokenizer's stack after 9.7 s and a 10,000,000-character
 * one took the heap past 4 GB; even the hash embedder took 7.4 s over 10,000,000 characters (now 8 ms with use-lite).
 */
export const MAX_PROMPT_LENGTH = 4096;

/**
 * The part of `prompt` that selection reads: all of it up to `MAX_PROMPT_LENGTH` characters, else its start and its
 * end (where a request after a pasted document sits), with a PROMPT_TRUNCATED warning.
 *
 * Truncated, not refused: refusing leaves an agent with no tools for a request it could be served on (dropping the
 * right tool is the worst outcome, see the README on abstention), while the cut costs the encoder nothing it would
 * have read and BM25 little. The warning says so, so a caller that minds can send less. Callers that must bound
 * their input (the MCP server) refuse absurd sizes before they get here.
 */
export function capPrompt(prompt: string): { prompt: string; warning?: SelectionWarning } {
  if (prompt.length <= MAX_PROMPT_LENGTH) return { prompt };
  const head = cutBefore(prompt, MAX_PROMPT_LENGTH - TAIL_LENGTH - SEPARATOR.length);
  const tail = cutAfter(prompt, prompt.length - TAIL_LENGTH);
  return {
    prompt: `${head}${SEPARATOR}${tail}`,
    warning: {
      code: WarningCode.PromptTruncated,
      message:
        `the prompt has ${prompt.length.toLocaleString('en-US')} characters; selection read its first ` +
        `${head.length.toLocaleString('en-US')} and its last ${tail.length.toLocaleString('en-US')} ` +
        `(at most ${MAX_PROMPT_LENGTH.toLocaleString('en-US')})`,
    },
  };
}

// --- internal ---

const TAIL_LENGTH = 1024;
const SEPARATOR = '\n…\n';

/** `text` before `end`, one character less when `end` would split a surrogate pair. */
function cutBefore(text: string, end: number): string {
  return text.slice(0, isSurrogate(text.charCodeAt(end - 1), 0xd800) ? end - 1 : end);
}

/** `text` from `start`, one character later when `start` would split a surrogate pair. */
function cutAfter(text: string, start: number): string {
  return text.slice(isSurrogate(text.charCodeAt(start), 0xdc00) ? start + 1 : start);
}

function isSurrogate(code: number, first: number): boolean {
  return code >= first && code <= first + 0x3ff;
}

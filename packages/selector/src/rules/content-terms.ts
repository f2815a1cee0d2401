import { ENGLISH_STOP_WORDS } from '../lexical/stop-words.js';
import { tokenize } from '../lexical/tokenize.js';

/**
 * The distinct content words of a text as the rules compare them: stemmed, English stop words dropped.
 * Remembered for recent texts: one selection asks for its prompt's terms in several rules, and rule texts
 * (`when_prefer_*`) are the same few catalog strings on every selection.
 */
export function contentTerms(text: string): ReadonlySet<string> {
  const remembered = recent.get(text);
  if (remembered !== undefined) return remembered;
  const terms = new Set(tokenize(text, TOKEN_OPTIONS).map((token) => token.term));
  if (recent.size >= MAX_REMEMBERED) recent.clear();
  recent.set(text, terms);
  return terms;
}

// --- internal ---

const TOKEN_OPTIONS = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true };
const MAX_REMEMBERED = 256;
const recent = new Map<string, ReadonlySet<string>>();

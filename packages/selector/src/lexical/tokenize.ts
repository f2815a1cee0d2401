import { stem } from './stem.js';

/** Bumped whenever tokenization changes, so snapshots written by an older tokenizer are rebuilt. */
export const TOKENIZER_VERSION = 1;

/** One token: the index `term` (lowercased, maybe stemmed) and the `word` it came from (lowercased). */
export interface Token {
  term: string;
  word: string;
}

/** How text is turned into tokens. */
export interface TokenizeOptions {
  /** Lowercased words to drop (checked before stemming). */
  stopWords: ReadonlySet<string>;
  /** Apply the light English stemmer. */
  isStemming: boolean;
}

/**
 * Split text into search tokens: NFKC, apostrophes dropped, then words split at camelCase, snake_case,
 * kebab-case, dots and letter/digit boundaries. A compound word ("getWeather", "mp3") also yields its
 * joined form ("getweather", "mp3") so whole-name queries still match it. One-character pieces and
 * stop words are dropped; terms longer than 64 characters (hashes, blobs) are ignored.
 *
 * @example tokenize('getUserIDs', options).map((t) => t.term) // ['get', 'user', 'id', 'getuserid']
 */
export function tokenize(text: string, options: TokenizeOptions): Token[] {
  const tokens: Token[] = [];
  const normalised = (ASCII.test(text) ? text : text.normalize('NFKC')).replace(APOSTROPHES, '');
  for (const match of normalised.matchAll(COMPOUND)) {
    const compound = match[0];
    if (LOWERCASE_WORD.test(compound)) {
      pushWord(tokens, compound, options);
      continue;
    }
    const pieces = compound.split(SEPARATORS).flatMap((part) => part.split(CASE_OR_DIGIT_BOUNDARY));
    for (const piece of pieces) pushWord(tokens, piece.toLowerCase(), options);
    if (pieces.length > 1) pushWord(tokens, pieces.join('').toLowerCase(), options);
  }
  return tokens;
}

// --- internal ---

const ASCII = /^\p{ASCII}*$/u;
const LOWERCASE_WORD = /^[a-z]+$/;
const APOSTROPHES = /['\u2019]/g;
// Letters (with combining marks) and digits, possibly joined by the separators of identifiers.
const COMPOUND = /[\p{L}\p{M}\p{N}]+(?:[._-][\p{L}\p{M}\p{N}]+)*/gu;
const SEPARATORS = /[._-]/;
// aB | ABcd (before the last capital of an acronym; "IDs" stays whole) | a1 | 1a
const CASE_OR_DIGIT_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll}{2})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const MAX_TERM_LENGTH = 64;

function pushWord(tokens: Token[], word: string, options: TokenizeOptions): void {
  if (word.length < 2 || word.length > MAX_TERM_LENGTH || options.stopWords.has(word)) return;
  tokens.push({ term: options.isStemming ? stem(word) : word, word });
}

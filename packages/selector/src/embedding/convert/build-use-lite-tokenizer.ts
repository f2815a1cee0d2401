import { conversionError } from './tfjs-graph.js';

/** One vocabulary entry of the TF.js USE model: piece and log-probability (some scores are null in the file). */
export type UseVocabularyEntry = [piece: string, score: number | null];

/** Tokens after which the USE graph ignores the rest (its ClipToMaxLength step keeps positions < 128). */
export const USE_LITE_MAX_TOKENS = 128;

/**
 * Build a Hugging Face `tokenizer.json` (Unigram) and `tokenizer_config.json` that make transformers.js
 * tokenise exactly as the TF.js USE tokenizer does: NFKC, every space -> `▁`, a `▁` prefix on non-empty text,
 * Viterbi over the piece scores, and one unknown token (id 0) per run of characters no piece contains.
 */
export function buildUseLiteTokenizer(vocabulary: readonly UseVocabularyEntry[]): {
  tokenizer: Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
} {
  if (vocabulary.length <= RESERVED_COUNT || vocabulary[0]?.[0] !== UNKNOWN) {
    throw conversionError(
      'the USE vocabulary is not a list of [piece, score] starting with the unknown piece',
    );
  }
  const lastIndexOf = new Map<string, number>();
  vocabulary.forEach(([piece], index) => {
    if (index >= RESERVED_COUNT) lastIndexOf.set(piece, index);
  });
  const pieces = vocabulary.map(([piece, score], index): [string, number] => {
    // TF.js adds a null score as 0.
    const value = score ?? 0;
    if (index === 0) return [piece, value];
    // Reserved ids 1-5 are never produced, and a duplicated piece resolves to its last entry in TF.js.
    // A space cannot survive normalisation, so renamed pieces can never match text.
    if (index < RESERVED_COUNT) return [`${piece} (reserved)`, value];
    const last = lastIndexOf.get(piece);
    if (last !== index) return [`${piece} (duplicate of ${last})`, value];
    return [piece, value];
  });

  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Replace', pattern: { String: ' ' }, content: WORD_PREFIX },
        { type: 'Replace', pattern: { Regex: '^(?=[\\s\\S])' }, content: WORD_PREFIX },
        // TF.js tokenises empty text to nothing; we give it the unknown token so it still gets a vector.
        { type: 'Replace', pattern: { Regex: '^$' }, content: UNKNOWN },
        // TF.js makes one unknown token per such character and then merges neighbours; one character per run
        // gives transformers.js the same single token.
        {
          type: 'Replace',
          pattern: { Regex: `[^${characterClass(pieces.slice(RESERVED_COUNT))}]+` },
          content: UNKNOWN,
        },
      ],
    },
    pre_tokenizer: startSplit(pieces),
    post_processor: null,
    decoder: { type: 'Metaspace', replacement: WORD_PREFIX, add_prefix_space: true },
    model: { type: 'Unigram', unk_id: 0, byte_fallback: false, vocab: pieces },
  };
  const tokenizerConfig = {
    tokenizer_class: 'PreTrainedTokenizer',
    model_max_length: USE_LITE_MAX_TOKENS,
    unk_token: UNKNOWN,
    pad_token: UNKNOWN,
    clean_up_tokenization_spaces: false,
  };
  return { tokenizer, tokenizerConfig };
}

// --- internal ---

const RESERVED_COUNT = 6;
const UNKNOWN = '\uFFFD';
const WORD_PREFIX = '\u2581';

/**
 * TF.js's Viterbi takes a best score of exactly 0 for "not set yet", so at the very start of a text the
 * zero-score pieces that begin with `▁` (`▁:`, `▁:)`, ...) always lose to `▁` followed by the rest. Splitting
 * a leading `▁` off before their remainder gives transformers.js the same forced boundary.
 */
function startSplit(pieces: readonly [string, number][]): Record<string, unknown> | null {
  const remainders = pieces
    .slice(RESERVED_COUNT)
    .filter(([piece, score]) => score === 0 && piece.length > 1 && piece.startsWith(WORD_PREFIX))
    .map(([piece]) =>
      [...piece.slice(1)].map((character) => escapeCodePoint(character.codePointAt(0) ?? 0)).join(''),
    );
  if (remainders.length === 0) return null;
  return {
    type: 'Split',
    pattern: { Regex: `^${WORD_PREFIX}(?=${remainders.join('|')})` },
    behavior: 'Isolated',
    invert: false,
  };
}

/** The characters of all pieces as a regex class body of `\u{...}` escapes, with runs merged into ranges. */
function characterClass(pieces: readonly [string, number][]): string {
  const codePoints = new Set<number>();
  for (const [piece] of pieces) for (const character of piece) codePoints.add(character.codePointAt(0) ?? 0);
  const sorted = [...codePoints].sort((a, b) => a - b);
  let body = '';
  for (let index = 0; index < sorted.length; ) {
    const first = sorted[index] ?? 0;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      index++;
      last++;
    }
    index++;
    body += last === first ? escapeCodePoint(first) : `${escapeCodePoint(first)}-${escapeCodePoint(last)}`;
  }
  return body;
}

function escapeCodePoint(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

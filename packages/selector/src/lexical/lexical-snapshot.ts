import type { DocumentStore } from './document-store.js';
import type { PostingLists } from './posting-lists.js';
import type { ResolvedLexicalOptions } from './resolve-lexical-options.js';
import { TOKENIZER_VERSION } from './tokenize.js';

/** Bumped whenever the snapshot layout changes; a snapshot of another version is not read (the index is rebuilt). */
export const LEXICAL_SNAPSHOT_VERSION = 2;

/**
 * The live part of a lexical index as `encodeLexicalBinary` takes it: options, live documents and postings (no
 * source text).
 */
export interface LexicalSnapshot {
  format: 'toolsift-lexical';
  version: number;
  /** `TOKENIZER_VERSION` at write time: terms from another tokenizer would not match new queries. */
  tokenizer: number;
  options: ResolvedLexicalOptions;
  fields: string[];
  keys: string[];
  /** Token count per field, then per document (parallel to `keys`). */
  lengths: number[][];
  terms: string[];
  /** Per term, pairs (document number minus the previous one, field × 65536 + term frequency). */
  postings: number[][];
}

/** Serialise the live part of an index: dead slots and dead terms are left out, terms are sorted. */
export function writeLexicalSnapshot(parts: {
  options: ResolvedLexicalOptions;
  documents: DocumentStore;
  postings: PostingLists;
}): LexicalSnapshot {
  const { documents, postings } = parts;
  const slots = [...documents.liveSlots()];
  const numbers = new Map(slots.map((slot, number) => [slot, number]));
  const fields = documents.fieldNames();
  const terms = [...postings.liveTerms()].sort();
  return {
    format: 'toolsift-lexical',
    version: LEXICAL_SNAPSHOT_VERSION,
    tokenizer: TOKENIZER_VERSION,
    options: structuredClone(parts.options),
    fields: [...fields],
    keys: slots.map((slot) => documents.keyOf(slot)),
    lengths: fields.map((_, field) => slots.map((slot) => documents.fieldLength(field, slot))),
    terms,
    postings: terms.map((term) => {
      const { data, length } = postings.postings(postings.liveId(term)!);
      const encoded: number[] = [];
      let previous = 0;
      for (let index = 0; index < length; index += 2) {
        const number = numbers.get(data[index]!);
        if (number === undefined) continue;
        encoded.push(number - previous, data[index + 1]!);
        previous = number;
      }
      return encoded;
    }),
  };
}

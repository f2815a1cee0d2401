import type { DocumentStore } from './document-store.js';
import type { LexicalSnapshot } from './lexical-snapshot.js';
import { FIELD_BITS, type PostingLists, TF_MASK } from './posting-lists.js';
import { ensure, readLexicalSnapshotHeader } from './read-lexical-snapshot.js';
import type { ResolvedLexicalOptions } from './resolve-lexical-options.js';

/**
 * The binary form of a lexical snapshot, what the index store saves: a small JSON header (options, field names,
 * document keys, terms), then little typed-array tables the loader uses in place, without parsing millions of
 * numbers from JSON: field lengths, per-term offsets and the postings as (document, field × 65536 + tf) pairs.
 * (Version 1 snapshots may also hold the removed fuzzy matching's tables before the postings: they are skipped.)
 */
export interface LexicalBinarySnapshot {
  options: ResolvedLexicalOptions;
  fields: string[];
  keys: string[];
  terms: string[];
  /** Token count per field, then per document: `lengths[field * keys.length + document]`. */
  lengths: Int32Array;
  /** Term `t`'s pairs are `postings[offsets[t]]` up to `postings[offsets[t + 1]]`. */
  offsets: Int32Array;
  postings: Int32Array;
  /** Live documents per term, counted while checking. */
  documentFrequency: Int32Array;
}

/** Encode the live part of an index (`writeLexicalSnapshot`) in the binary layout. */
export function encodeLexicalBinary(snapshot: LexicalSnapshot): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({
      format: snapshot.format,
      version: snapshot.version,
      tokenizer: snapshot.tokenizer,
      options: snapshot.options,
      fields: snapshot.fields,
      keys: snapshot.keys,
      terms: snapshot.terms,
    }),
  );
  const headerWords = Math.ceil(header.length / 4);
  const pairs = snapshot.postings.reduce((sum, list) => sum + list.length, 0);
  const documents = snapshot.keys.length;
  const numbers = new Int32Array(
    PREAMBLE + headerWords + snapshot.fields.length * documents + snapshot.terms.length + 1 + pairs,
  );
  numbers[0] = MAGIC;
  numbers[1] = BYTE_ORDER;
  numbers[2] = header.length;
  new Uint8Array(numbers.buffer).set(header, PREAMBLE * 4);
  let at = PREAMBLE + headerWords;
  for (const column of snapshot.lengths) {
    numbers.set(column, at);
    at += documents;
  }
  const offsets = at;
  at += snapshot.terms.length + 1;
  let written = 0;
  snapshot.postings.forEach((list, term) => {
    numbers[offsets + term] = written;
    let document = 0;
    for (let position = 0; position < list.length; position += 2) {
      document += list[position]!;
      numbers[at + written++] = document;
      numbers[at + written++] = list[position + 1]!;
    }
  });
  numbers[offsets + snapshot.terms.length] = written;
  return new Uint8Array(numbers.buffer);
}

/**
 * Check and decode a binary snapshot; throws INDEX_CORRUPT naming the first problem (never trusts the bytes).
 * Repeated document keys are found when the documents are stored (`restoreLexicalBinary`).
 */
export function decodeLexicalBinary(bytes: Uint8Array): LexicalBinarySnapshot {
  ensure(bytes.byteLength % 4 === 0 && isLexicalBinary(bytes), 'format', 'not a binary lexical snapshot');
  // Int32Array needs 4-byte alignment; a large Buffer from readFile has it, a pooled one may not.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.from(bytes);
  const numbers = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
  ensure(numbers[1] === BYTE_ORDER, 'byteOrder', 'written with this byte order');
  const headerLength = numbers[2]!;
  ensure(
    headerLength >= 0 && PREAMBLE * 4 + headerLength <= aligned.byteLength,
    'header',
    'a complete header',
  );
  let header: unknown;
  try {
    header = JSON.parse(
      Buffer.from(aligned.buffer, aligned.byteOffset + PREAMBLE * 4, headerLength).toString(),
    );
  } catch {
    ensure(false, 'header', 'valid JSON');
  }
  const checked = readLexicalSnapshotHeader(header);
  const { keys, terms, fields: fieldNames } = checked;
  const documents = keys.length;
  const at = PREAMBLE + Math.ceil(headerLength / 4);
  const lengthsEnd = at + fieldNames.length * documents;
  const offsetsEnd = lengthsEnd + terms.length + 1;
  ensure(offsetsEnd <= numbers.length, 'lengths', 'a token count per field and document');
  const lengths = numbers.subarray(at, lengthsEnd);
  ensure(
    lengths.every((length) => length >= 0),
    'lengths',
    'non-negative token counts',
  );
  const offsets = numbers.subarray(lengthsEnd, offsetsEnd);
  const postings = numbers.subarray(offsetsEnd);
  ensure(
    offsets[0] === 0 && offsets[terms.length] === postings.length,
    'offsets',
    'offsets covering the postings',
  );
  const documentFrequency = new Int32Array(terms.length);
  for (let term = 0; term < terms.length; term++) {
    const start = offsets[term]!;
    const end = offsets[term + 1]!;
    // The paths are built only on failure: this runs once per term and per posting.
    if (!(end > start && (end - start) % 2 === 0 && start % 2 === 0))
      ensure(false, `postings[${term}]`, 'expected (document, field) pairs');
    let previous = -1;
    let lastField = -1;
    let count = 0;
    for (let position = start; position < end; position += 2) {
      const document = postings[position]!;
      const packed = postings[position + 1]!;
      if (document !== previous) lastField = -1;
      const field = packed >> FIELD_BITS;
      const isValid =
        document >= previous &&
        document < documents &&
        packed > 0 &&
        field < fieldNames.length &&
        field > lastField &&
        (packed & TF_MASK) > 0;
      if (!isValid)
        ensure(false, `postings[${term}][${position - start}]`, 'posting out of range or out of order');
      if (document !== previous) count++;
      previous = document;
      lastField = field;
    }
    documentFrequency[term] = count;
  }
  return {
    options: checked.options,
    fields: fieldNames,
    keys,
    terms,
    lengths,
    offsets,
    postings,
    documentFrequency,
  };
}

/**
 * Load a checked binary snapshot into empty stores; posting lists are views of the snapshot's bytes. Throws
 * INDEX_CORRUPT when a document key repeats (found here, where the keys are hashed anyway).
 */
export function restoreLexicalBinary(parts: {
  snapshot: LexicalBinarySnapshot;
  documents: DocumentStore;
  postings: PostingLists;
}): void {
  const { snapshot, documents, postings } = parts;
  const { keys, terms, lengths, offsets, documentFrequency } = snapshot;
  const documentCount = keys.length;
  // The stores start empty: field indexes follow snapshot order and slots equal document numbers, so the
  // postings need no translation.
  const columns: Int32Array[] = [];
  snapshot.fields.forEach((name, field) => {
    columns[documents.fieldIndex(name)] = lengths.subarray(
      field * documentCount,
      (field + 1) * documentCount,
    );
  });
  // Each document's term ids are only needed to remove it: worked out then (the postings stay unchanged until
  // a document is removed or added, and the store asks for them first).
  const isDistinct = documents.restore({ keys, columns, terms: () => termsOfDocuments(snapshot) });
  ensure(isDistinct, 'keys', 'expected distinct strings');
  for (let term = 0; term < terms.length; term++)
    postings.load(
      terms[term]!,
      snapshot.postings.subarray(offsets[term]!, offsets[term + 1]!),
      documentFrequency[term]!,
    );
}

// --- internal ---

const MAGIC = 0x58454c54; // "TLEX"
const BYTE_ORDER = 0x01020304;
/** Magic, byte-order mark, header length. */
const PREAMBLE = 3;

/** Each document's term ids (used when it is removed), gathered in one flat table: count, then fill. */
function termsOfDocuments(snapshot: LexicalBinarySnapshot): Int32Array[] {
  const { keys, terms, offsets, postings } = snapshot;
  const documentCount = keys.length;
  const starts = new Int32Array(documentCount + 1);
  for (let term = 0; term < terms.length; term++) {
    let previous = -1;
    for (let position = offsets[term]!; position < offsets[term + 1]!; position += 2) {
      const document = postings[position]!;
      if (document !== previous) starts[document + 1]! += 1;
      previous = document;
    }
  }
  for (let document = 0; document < documentCount; document++) starts[document + 1]! += starts[document]!;
  const termIds = new Int32Array(starts[documentCount]!);
  const filled = starts.slice(0, documentCount);
  for (let term = 0; term < terms.length; term++) {
    let previous = -1;
    for (let position = offsets[term]!; position < offsets[term + 1]!; position += 2) {
      const document = postings[position]!;
      if (document !== previous) termIds[filled[document]!++] = term;
      previous = document;
    }
  }
  return Array.from({ length: documentCount }, (_, document) =>
    termIds.subarray(starts[document]!, starts[document + 1]!),
  );
}

// True when `bytes` start like a binary lexical snapshot (as opposed to JSON).
function isLexicalBinary(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= PREAMBLE * 4 &&
    new DataView(bytes.buffer, bytes.byteOffset).getInt32(0, true) === MAGIC
  );
}

import { ErrorCode, isRecord, ToolsiftError } from '@toolsift/core';
import { LEXICAL_SNAPSHOT_VERSION, type LexicalSnapshot } from './lexical-snapshot.js';
import { FIELD_SHIFT } from './posting-lists.js';
import { checkLexicalOptions, type ResolvedLexicalOptions } from './resolve-lexical-options.js';
import { TOKENIZER_VERSION } from './tokenize.js';

/** The header of a snapshot: everything but the field lengths and the postings. */
export type LexicalSnapshotHeader = Omit<LexicalSnapshot, 'lengths' | 'postings'>;

/** Check the header parts of a snapshot (format, versions, options, fields, keys, terms); throws INDEX_CORRUPT. */
export function readLexicalSnapshotHeader(value: unknown): LexicalSnapshotHeader {
  const snapshot = value as Partial<LexicalSnapshot> | null;
  ensure(
    isRecord(snapshot) && snapshot.format === 'toolsift-lexical',
    'format',
    'not a toolsift lexical snapshot',
  );
  ensure(snapshot.version === LEXICAL_SNAPSHOT_VERSION, 'version', `expected ${LEXICAL_SNAPSHOT_VERSION}`);
  ensure(snapshot.tokenizer === TOKENIZER_VERSION, 'tokenizer', `expected ${TOKENIZER_VERSION}`);
  checkOptions(snapshot.options);
  const { fields, keys, terms } = snapshot;
  ensure(isUniqueStrings(fields), 'fields', 'expected distinct strings');
  // Distinct keys: checked by `readLexicalSnapshot`, and for binary snapshots where the documents are stored
  // (their keys are hashed there anyway).
  ensure(isStrings(keys), 'keys', 'expected strings');
  // Written sorted, so distinct terms are strictly ascending: checked without hashing tens of thousands of terms.
  ensure(isAscendingStrings(terms), 'terms', 'expected distinct strings in ascending order');
  return snapshot as LexicalSnapshotHeader;
}

/** Check that `value` is a snapshot this version can load; throws INDEX_CORRUPT naming the first problem. */
export function readLexicalSnapshot(value: unknown): LexicalSnapshot {
  const { fields, keys, terms } = readLexicalSnapshotHeader(value);
  ensure(isUniqueStrings(keys), 'keys', 'expected distinct strings');
  const { lengths, postings } = value as Partial<LexicalSnapshot>;
  ensure(
    Array.isArray(lengths) && lengths.length === fields.length,
    'lengths',
    'expected one array per field',
  );
  lengths.forEach((column, field) => {
    const isValid = Array.isArray(column) && column.length === keys.length && column.every(isCount);
    ensure(isValid, `lengths[${field}]`, 'expected a token count per document');
  });
  ensure(
    Array.isArray(postings) && postings.length === terms.length,
    'postings',
    'expected one list per term',
  );
  postings.forEach((list, term) => {
    checkPostings(list, { fields: fields.length, documents: keys.length, term });
  });
  return value as LexicalSnapshot;
}

/** Throw INDEX_CORRUPT naming the snapshot path and what was expected there, unless the condition holds. */
export function ensure(condition: unknown, path: string, expected: string): asserts condition {
  if (condition) return;
  throw new ToolsiftError(
    ErrorCode.IndexCorrupt,
    `Invalid lexical index snapshot at ${path}: ${expected}. Rebuild the index.`,
    { path },
  );
}

// --- internal ---

function isUniqueStrings(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string') &&
    new Set(value).size === value.length
  );
}

function isStrings(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

function isAscendingStrings(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string' || (index > 0 && !(value[index - 1] < item))) return false;
  }
  return true;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function checkOptions(value: unknown): asserts value is ResolvedLexicalOptions {
  const options = value as Partial<ResolvedLexicalOptions> | undefined;
  const isRule = (rule: unknown) =>
    rule === null ||
    (isRecord(rule) && typeof rule.minLength === 'number' && typeof rule.weight === 'number');
  const isValid =
    isRecord(options) &&
    isRecord(options.fieldWeights) &&
    Object.values(options.fieldWeights).every((weight) => typeof weight === 'number') &&
    typeof options.k1 === 'number' &&
    typeof options.b === 'number' &&
    isRule(options.fuzzy) &&
    isRule(options.prefix) &&
    Array.isArray(options.stopWords) &&
    options.stopWords.every((word) => typeof word === 'string') &&
    typeof options.stem === 'boolean';
  ensure(isValid, 'options', 'expected the resolved lexical options');
  try {
    checkLexicalOptions(options as ResolvedLexicalOptions);
  } catch (error) {
    ensure(false, 'options', error instanceof Error ? error.message : 'options in range');
  }
}

// Pairs (delta, field × 65536 + tf): documents ascending, fields ascending within a document.
function checkPostings(list: unknown, bounds: { fields: number; documents: number; term: number }): void {
  const path = `postings[${bounds.term}]`;
  ensure(
    Array.isArray(list) && list.length > 0 && list.length % 2 === 0,
    path,
    'expected (document, field) pairs',
  );
  let number = 0;
  let lastField = -1;
  for (let position = 0; position < list.length; position += 2) {
    const delta = list[position];
    const packed = list[position + 1];
    // The paths are built only on failure: this runs once per posting.
    if (!(isCount(delta) && isCount(packed)))
      ensure(false, `${path}[${position}]`, 'expected non-negative integers');
    if (delta > 0 || position === 0) lastField = -1;
    number += delta;
    const field = Math.floor(packed / FIELD_SHIFT);
    const isValid =
      number < bounds.documents && field < bounds.fields && field > lastField && packed % FIELD_SHIFT > 0;
    if (!isValid) ensure(false, `${path}[${position}]`, 'posting out of range or out of order');
    lastField = field;
  }
}

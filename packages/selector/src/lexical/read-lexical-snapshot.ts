import { ErrorCode, isRecord, ToolsiftError } from '@toolsift/core';
import { LEXICAL_SNAPSHOT_VERSION, type LexicalSnapshot } from './lexical-snapshot.js';
import { checkLexicalOptions, type ResolvedLexicalOptions } from './resolve-lexical-options.js';
import { TOKENIZER_VERSION } from './tokenize.js';

/** The header of a snapshot: everything but the field lengths and the postings. */
export type LexicalSnapshotHeader = Omit<LexicalSnapshot, 'lengths' | 'postings'>;

/** Check the header of a binary snapshot (format, versions, options, fields, keys, terms); throws INDEX_CORRUPT. */
export function readLexicalSnapshotHeader(value: unknown): LexicalSnapshotHeader {
  const snapshot = value as Partial<LexicalSnapshot> | null;
  ensure(
    isRecord(snapshot) && snapshot.format === 'toolsift-lexical',
    'format',
    'not a toolsift lexical snapshot',
  );
  ensure(snapshot.version === LEXICAL_SNAPSHOT_VERSION, 'version', `expected ${LEXICAL_SNAPSHOT_VERSION}`);
  ensure(snapshot.tokenizer === TOKENIZER_VERSION, 'tokenizer', `expected ${TOKENIZER_VERSION}`);
  const options = checkOptions(snapshot.options);
  const { fields, keys, terms } = snapshot;
  ensure(isUniqueStrings(fields), 'fields', 'expected distinct strings');
  // Distinct keys: checked where the documents are stored (their keys are hashed there anyway).
  ensure(isStrings(keys), 'keys', 'expected strings');
  // Written sorted, so distinct terms are strictly ascending: checked without hashing tens of thousands of terms.
  ensure(isAscendingStrings(terms), 'terms', 'expected distinct strings in ascending order');
  return { ...(snapshot as LexicalSnapshotHeader), options };
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

function checkOptions(value: unknown): ResolvedLexicalOptions {
  const options = value as Partial<ResolvedLexicalOptions> | undefined;
  const isValid =
    isRecord(options) &&
    isRecord(options.fieldWeights) &&
    Object.values(options.fieldWeights).every((weight) => typeof weight === 'number') &&
    typeof options.k1 === 'number' &&
    typeof options.b === 'number' &&
    Array.isArray(options.stopWords) &&
    options.stopWords.every((word) => typeof word === 'string') &&
    typeof options.stem === 'boolean';
  ensure(isValid, 'options', 'expected the resolved lexical options');
  const { fieldWeights, k1, b, stopWords, stem } = options as ResolvedLexicalOptions;
  const resolved = { fieldWeights, k1, b, stopWords, stem };
  try {
    checkLexicalOptions(resolved);
  } catch (error) {
    ensure(false, 'options', error instanceof Error ? error.message : 'options in range');
  }
  return resolved;
}

import { Bm25Index } from './bm25-index.js';
import { decodeLexicalBinary } from './lexical-binary-snapshot.js';
import type { LexicalIndex, LexicalIndexOptions } from './lexical-index.js';
import { readLexicalSnapshot } from './read-lexical-snapshot.js';
import { resolveLexicalOptions } from './resolve-lexical-options.js';

/** Create an empty BM25F index (see `LexicalIndexOptions` for the defaults). */
export function createLexicalIndex(options: LexicalIndexOptions = {}): LexicalIndex {
  return new Bm25Index(resolveLexicalOptions(options));
}

/**
 * Rebuild an index from `toJSON()` or `toBinary()` output; throws INDEX_CORRUPT when the snapshot is malformed
 * or from another version.
 */
export function loadLexicalIndex(snapshot: unknown): LexicalIndex {
  if (snapshot instanceof Uint8Array) return Bm25Index.fromBinarySnapshot(decodeLexicalBinary(snapshot));
  return Bm25Index.fromSnapshot(readLexicalSnapshot(snapshot));
}

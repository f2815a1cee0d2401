import { Bm25Index } from './bm25-index.js';
import { decodeLexicalBinary } from './lexical-binary-snapshot.js';
import type { LexicalIndex, LexicalIndexOptions } from './lexical-index.js';
import { resolveLexicalOptions } from './resolve-lexical-options.js';

/** Create an empty BM25F index (see `LexicalIndexOptions` for the defaults). */
export function createLexicalIndex(options: LexicalIndexOptions = {}): LexicalIndex {
  return new Bm25Index(resolveLexicalOptions(options));
}

/**
 * Rebuild an index from `toBinary()` output; throws INDEX_CORRUPT when the snapshot is malformed or from a version
 * this one does not read.
 */
export function loadLexicalIndex(snapshot: Uint8Array): LexicalIndex {
  return Bm25Index.fromBinarySnapshot(decodeLexicalBinary(snapshot));
}

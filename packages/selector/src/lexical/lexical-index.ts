/** A document for the lexical index: a key plus named text fields (e.g. name, title, keywords, description). */
export interface LexicalDocument {
  key: string;
  fields: Readonly<Record<string, string>>;
}

/** One lexical hit: the document key, its BM25 score (>= 0), and the query terms that matched. */
export interface LexicalHit {
  key: string;
  score: number;
  matchedTerms: string[];
}

/** A BM25F index with per-field weights; query words match index terms exactly (after stemming). */
export interface LexicalIndex {
  readonly size: number;
  /** Add or replace documents by key. */
  upsert(documents: readonly LexicalDocument[]): void;
  /** Remove documents by key; unknown keys are ignored. */
  remove(keys: readonly string[]): void;
  /** The k best documents, best first, ties broken by key; documents with no matching term are not returned. */
  search(query: string, k: number): LexicalHit[];
  /** A snapshot in a compact binary layout (what the index store saves), reloadable with `loadLexicalIndex`. */
  toBinary(): Uint8Array;
}

/**
 * Tuning of a lexical index; every field is optional. The defaults were chosen on dev data in
 * `bench/src/lexical-bakeoff.ts` (results in bench/results/lexical-bakeoff.md).
 */
export interface LexicalIndexOptions {
  /** Per-field BM25F weights; replaces the defaults (name 3, title 2.5, keywords 2, description 1.5). Unlisted fields weigh 1. */
  fieldWeights?: Readonly<Record<string, number>>;
  /** BM25 term-frequency saturation, default 1.2. */
  k1?: number;
  /** BM25 length normalisation in [0, 1], default 0.75. */
  b?: number;
  /** Words dropped from documents and queries (lowercase); default our English list, `[]` keeps every word. */
  stopWords?: readonly string[];
  /** Light English stemming (plurals, -ed, -ing); default true. */
  stem?: boolean;
}

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

/** A BM25 index with per-field weights, fuzzy and prefix matching. */
export interface LexicalIndex {
  readonly size: number;
  /** Add or replace documents by key. */
  upsert(documents: readonly LexicalDocument[]): void;
  /** Remove documents by key; unknown keys are ignored. */
  remove(keys: readonly string[]): void;
  /** The k best documents, best first, ties broken by key; documents with no matching term are not returned. */
  search(query: string, k: number): LexicalHit[];
  /** A JSON-serialisable snapshot, reloadable with the matching `load` function. */
  toJSON(): unknown;
}

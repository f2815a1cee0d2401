/**
 * Stable codes of the advisories that opening, saving or loading a catalog's index returns (in
 * `SelectorIndexInfo.warnings`; never thrown). They are public API: callers branch on them, and a test pins the
 * whole table.
 */
export const IndexWarningCode = {
  /** The saved index could not be reused (damaged, or made by another embedder, version or options): rebuilt. */
  IndexRebuilt: 'INDEX_REBUILT',
  /** The index could not be saved in its folder; it works in memory, and is built again next time. */
  IndexNotSaved: 'INDEX_NOT_SAVED',
  /** A rebuilt index was not saved: another process saved one meanwhile, which is kept. */
  RebuiltIndexNotSaved: 'REBUILT_INDEX_NOT_SAVED',
  /** The learned prompts' file could not be read; the learned prompts the index recorded are used. */
  LearnedPromptsUnreadable: 'LEARNED_PROMPTS_UNREADABLE',
  /** The learned prompts could not be saved in their own file (they stay in the index). */
  LearnedPromptsNotSaved: 'LEARNED_PROMPTS_NOT_SAVED',
  /** HNSW was wanted (or chosen for a large catalog) but cannot load here: the exact vector index is used. */
  ExactIndexFallback: 'EXACT_INDEX_FALLBACK',
  /** Catalog entries had errors and were left out; `SelectorIndexInfo.diagnostics` lists them. */
  CatalogErrors: 'CATALOG_ERRORS',
} as const;
export type IndexWarningCode = (typeof IndexWarningCode)[keyof typeof IndexWarningCode];

/** An advisory about the index or the catalog behind it: a stable code, a readable message, and what it concerns. */
export interface IndexWarning {
  code: IndexWarningCode;
  message: string;
  /** The index folder concerned, when there is one. */
  dir?: string;
  /** `INDEX_REBUILT`: why the saved index could not be reused; `*_NOT_SAVED`: why saving failed. */
  reason?: string;
  /** `CATALOG_ERRORS`: how many errors; `INDEX_REBUILT`: how many learned prompts were kept. */
  count?: number;
}

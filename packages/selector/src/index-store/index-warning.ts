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
  /**
   * The learned prompts' file could not be read at all: no learned prompt is used until it is repaired, and the next
   * learn moves it aside (`learned.json.damaged-<time>`) before writing a new one.
   */
  LearnedPromptsUnreadable: 'LEARNED_PROMPTS_UNREADABLE',
  /**
   * An item of the learned prompts' file is not a learned prompt (`file`, `pointer` say which): it is left out, the
   * others are used, and the next learn moves the file aside before writing a new one.
   */
  LearnedPromptInvalid: 'LEARNED_PROMPT_INVALID',
  /**
   * A tool has more call-learned prompts than the bound (by default `DEFAULT_MAX_LEARNED_PER_TOOL`): its oldest are
   * left out, as a learn would drop them.
   */
  LearnedPromptsOverBound: 'LEARNED_PROMPTS_OVER_BOUND',
  /** HNSW was wanted (or chosen for a large catalog) but cannot load here: the exact vector index is used. */
  ExactIndexFallback: 'EXACT_INDEX_FALLBACK',
  /** Catalog entries had errors and were left out; `SelectorIndexInfo.diagnostics` lists them. */
  CatalogErrors: 'CATALOG_ERRORS',
  /**
   * The shared store cannot be reached now (`since`, `reason`): the index is served from memory as loaded, and what is
   * learned meanwhile is written to the store when it is back. Listed while it lasts.
   */
  StoreUnreachable: 'STORE_UNREACHABLE',
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
  /**
   * `CATALOG_ERRORS`: how many errors; `INDEX_REBUILT`: how many learned prompts were kept;
   * `LEARNED_PROMPTS_OVER_BOUND`: how many were left out; `LEARNED_PROMPT_INVALID`: how many bad items in all.
   */
  count?: number;
  /** `LEARNED_PROMPT_*`: the file concerned. */
  file?: string;
  /** `LEARNED_PROMPT_INVALID`: the JSON pointer of the bad item or field in `file`. */
  pointer?: string;
  /** `STORE_UNREACHABLE`: when the store was last found unreachable (ISO 8601). */
  since?: string;
}

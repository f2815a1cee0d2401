import type { CatalogMemo, Tool } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import type { LearnReport } from '../learning/learned-example.js';
import type { LexicalIndex, LexicalIndexOptions } from '../lexical/lexical-index.js';
import type { VectorIndexChoice } from '../vector-index/built-in-vector-indexes.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import type { IndexWarning } from './index-warning.js';
import type { LearnedPrompts } from './learned-prompts-file.js';
import type { IndexProgress, IndexUpdateStats, ToolIndex } from './tool-index.js';

/**
 * Where a selector keeps a catalog's index and its learned prompts, and the one way the selector reaches them. The
 * index folder (`openFolderStore`) is the default and memory (`openMemoryStore`) the store of an index nothing keeps;
 * a shared database store implements the same four steps. A store is opened for one catalog: `load` once, then
 * `save` and `changeLearned` on the index it loaded.
 */
export interface IndexStore {
  /** Where the store keeps the index, as messages name it (a folder); undefined for memory. */
  readonly location: string | undefined;
  /**
   * What the built-in loaders made of each catalog file at earlier loads, for `loadCatalog` to reuse while the file
   * is unchanged; kept by `load`. Undefined when the store keeps none.
   */
  readonly catalogMemo: CatalogMemo | undefined;
  /**
   * The index of `tools`: what the store holds is reused when sound and current, changed tools are embedded anew,
   * and an index it cannot use is rebuilt (with a warning). Its learned prompts are the store's.
   */
  load(options: LoadIndexOptions): Promise<LoadedIndex>;
  /** Keep the index after its tools changed (not its learned prompts: `changeLearned` keeps those). */
  save(index: ToolIndex): Promise<IndexWarning[]>;
  /**
   * Learn or forget, as one transaction: `change` gets the learned prompts the store holds now (other processes
   * may have learned since `load`), what it returns is kept, and the index is brought in line with it (views of
   * changed prompts re-embedded). Nothing is kept when `change` throws.
   */
  changeLearned(options: ChangeLearnedOptions): Promise<ChangedLearned>;
  /**
   * Advisories about the store as it is now, e.g. a shared database that cannot be reached (`STORE_UNREACHABLE`):
   * listed while they last. None for a folder or memory.
   */
  currentWarnings?(): IndexWarning[];
  /** Release what the store holds open (database connections); the loaded index serves on from memory. */
  close?(): Promise<void>;
}

/** What `IndexStore.load` takes: the catalog's tools, the embedder, and the index components to build on. */
export interface LoadIndexOptions {
  tools: readonly Tool[];
  embedder: Embedder;
  /** Options of the built-in lexical index, or an empty `LexicalIndex` (memory only). */
  lexical?: LexicalIndexOptions | LexicalIndex | undefined;
  /** The built-in vector index, a factory of another kind, or an empty `VectorIndex` (memory only). */
  vectorIndex?: VectorIndexChoice | VectorIndex | undefined;
  onProgress?: ((progress: IndexProgress) => void) | undefined;
  /**
   * Runs a change of the loaded index after the changes its caller has queued (default: at once). A store shared
   * with other processes adopts what they learn through it.
   */
  queue?: (<T>(change: () => Promise<T>) => Promise<T>) | undefined;
}

/** How an index was obtained: reloaded as is, reloaded and updated, built from scratch, or kept in memory only. */
export type IndexStatus = 'loaded' | 'updated' | 'built' | 'memory';

/** A loaded index, how it was obtained, what was embedded, and advisories (e.g. why it was rebuilt). */
export interface LoadedIndex {
  index: ToolIndex;
  status: IndexStatus;
  stats: IndexUpdateStats;
  warnings: IndexWarning[];
  /**
   * The embedder to index later changes of the catalog with: a store shared with other processes puts its
   * embeddings in front of the one given (default: the one given).
   */
  indexEmbedder?: Embedder;
}

/** A learn or forget as a function of the learned prompts: the prompts to keep, and what the change did. */
export type LearnedChange = (prompts: LearnedPrompts) => { prompts: LearnedPrompts; report: LearnReport };

/** What `IndexStore.changeLearned` takes. */
export interface ChangeLearnedOptions {
  index: ToolIndex;
  embedder: Embedder;
  change: LearnedChange;
  /**
   * The bound on call-learned prompts per tool to keep with them, applied when they are loaded (a learn of calls
   * gives the one it used; `Infinity` for none); undefined keeps the store's.
   */
  callBound?: number | undefined;
}

/** What a learn or forget did, with the store's advisories about keeping the index (e.g. it could not be saved). */
export interface ChangedLearned {
  report: LearnReport;
  warnings: IndexWarning[];
}

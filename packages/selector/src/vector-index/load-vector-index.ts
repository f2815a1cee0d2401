import { isToolsiftError } from '@toolsift/core';
import {
  builtInVectorIndex,
  checkVectorIndexChoice,
  type VectorIndexChoice,
} from './built-in-vector-indexes.js';
import { loadHnswVectorIndex } from './load-built-in-vector-index.js';
import { readVectorIndexKind } from './save-vector-index.js';
import type { VectorIndex, VectorIndexFactory } from './vector-index.js';
import { indexCorrupt as corrupt, describeError } from './vector-index-manifest.js';

/** Options of `loadVectorIndex`. */
export interface LoadVectorIndexOptions {
  /** Dimensions the caller's embedder produces; a saved index with another number is rejected. */
  dimensions: number;
  /**
   * The index wanted (default `auto`): a built-in kind or `auto` loads whichever built-in index was saved; a
   * factory loads only a folder saved by its own kind.
   */
  vectorIndex?: VectorIndexChoice | undefined;
  /** Override the saved HNSW search breadth. */
  efSearch?: number;
}

/**
 * Load an index written by `saveVectorIndex`, with the factory of the kind it was saved with. A folder that cannot
 * be used throws INDEX_CORRUPT (a custom factory's own failure included) or EMBEDDING_DIMENSION_MISMATCH (or
 * VECTOR_BACKEND_UNAVAILABLE for an HNSW index where hnswlib-node cannot load), and the caller rebuilds.
 */
export async function loadVectorIndex(dir: string, options: LoadVectorIndexOptions): Promise<VectorIndex> {
  const choice = options.vectorIndex ?? 'auto';
  checkVectorIndexChoice(choice);
  const kind = await readVectorIndexKind(dir);
  if (typeof choice !== 'object') {
    if (kind === 'hnsw') return loadHnswVectorIndex(dir, options);
    const builtIn = builtInVectorIndex(kind);
    if (builtIn !== undefined) return builtIn.load(dir, { dimensions: options.dimensions });
    throw corrupt(dir, `it was saved by the "${kind}" vector index, which is not built in`, 'kind');
  }
  if (kind !== choice.kind)
    throw corrupt(dir, `it was saved by the "${kind}" vector index, not "${choice.kind}"`, 'kind');
  return loadWithFactory(dir, choice, options.dimensions);
}

// --- internal ---

async function loadWithFactory(
  dir: string,
  factory: VectorIndexFactory,
  dimensions: number,
): Promise<VectorIndex> {
  let index: VectorIndex;
  try {
    index = await factory.load(dir, { dimensions });
  } catch (error) {
    if (isToolsiftError(error)) throw error;
    throw corrupt(
      dir,
      `the "${factory.kind}" vector index cannot load it (${describeError(error)})`,
      'load',
      error,
    );
  }
  if (index.kind !== factory.kind || index.dimensions !== dimensions) {
    const what = `a ${index.dimensions}-d "${index.kind}" index, not ${dimensions}-d "${factory.kind}"`;
    throw corrupt(dir, `the "${factory.kind}" vector index loaded ${what}`, 'load');
  }
  return index;
}

/** One nearest-neighbour hit: the document key and its cosine similarity in [-1, 1]. */
export interface VectorHit {
  key: string;
  similarity: number;
}

/**
 * A cosine nearest-neighbour index over string-keyed unit vectors. `HnswVectorIndex` (hnswlib-node) and
 * `ExactVectorIndex` (brute force, the test oracle) implement the same contract; a `VectorIndexFactory` creates and
 * loads one of any kind.
 */
export interface VectorIndex {
  /** The id of its `VectorIndexFactory` (`exact`, `hnsw`, or a custom one), recorded with every save. */
  readonly kind: string;
  readonly dimensions: number;
  /** Number of live vectors. */
  readonly size: number;
  /** Add or replace vectors by key; throws EMBEDDING_DIMENSION_MISMATCH on a wrong length. */
  upsert(entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void;
  /** Remove vectors by key; unknown keys are ignored. */
  remove(keys: readonly string[]): void;
  /** True when the index holds a vector for the key. */
  has(key: string): boolean;
  /**
   * The stored unit vector of a key (undefined when absent). It may be a view of the index's storage: read it
   * before the next `upsert` or `remove`, and copy it to keep it longer.
   */
  vector(key: string): Float32Array | undefined;
  /** The k most similar keys, best first, ties broken by key. */
  search(query: Float32Array, k: number): VectorHit[];
  /**
   * Write the index into a folder (it may hold the files of an earlier save), so that its factory's `load` rebuilds
   * it from them. The name `vector-index-kind.json` is taken (`saveVectorIndex` writes the kind there).
   */
  save(dir: string): Promise<void>;
  /**
   * Optional, for speed only: when the stored vectors of all `items` lie in one array that is never written again
   * (an upsert stores new vectors elsewhere), write where each starts into `offsets` and return that array, which
   * the selector then keeps and scores in place. Otherwise return undefined (or leave the method out): the selector
   * copies each vector with `vector` instead.
   */
  locateVectors?(items: ReadonlyArray<{ key: string }>, offsets: Int32Array): Float32Array | undefined;
}

/**
 * A kind of vector index: creates empty ones and loads saved ones. Give one to `createSelector` as `vectorIndex`
 * and the selector builds its index with it, saves it with the index folder and loads it again on the next start.
 * @example await createSelector({ catalog: 'tools/', vectorIndex: { kind: 'scan', create: createScan, load: loadScan } });
 */
export interface VectorIndexFactory {
  /** A stable id, recorded with each save: a folder saved by another kind is not loaded (the index is rebuilt). */
  readonly kind: string;
  /** An empty index; `expectedSize` is the number of vectors about to be added (a capacity hint). */
  create(options: { dimensions: number; expectedSize: number }): VectorIndex;
  /**
   * Rebuild the index `save` wrote into `dir`, with `dimensions` dimensions. Throw when the files are missing or
   * damaged (any error makes the selector rebuild the index).
   */
  load(dir: string, options: { dimensions: number }): Promise<VectorIndex>;
}

/** One nearest-neighbour hit: the document key and its cosine similarity in [-1, 1]. */
export interface VectorHit {
  key: string;
  similarity: number;
}

/**
 * A cosine nearest-neighbour index over string-keyed unit vectors. `HnswVectorIndex` (hnswlib-node) and
 * `ExactVectorIndex` (brute force, the test oracle) implement the same contract.
 */
export interface VectorIndex {
  /** `hnsw` or `exact`. */
  readonly kind: 'hnsw' | 'exact';
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
  /**
   * When the stored vectors of all `items` lie in one array that is never written again (an upsert stores new
   * vectors elsewhere), write where each starts into `offsets` and return that array, which may then be kept and
   * scored in place with `batchDotProducts`. Otherwise (some key is absent, or the vectors lie apart or may move)
   * return undefined; copy them with `vector` instead.
   */
  locateVectors(items: ReadonlyArray<{ key: string }>, offsets: Int32Array): Float32Array | undefined;
  /** The k most similar keys, best first, ties broken by key. */
  search(query: Float32Array, k: number): VectorHit[];
  /** Write the index into a folder (atomic: temp files then rename). */
  save(dir: string): Promise<void>;
}

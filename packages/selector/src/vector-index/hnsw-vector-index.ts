import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { checkDimensions } from './check-dimensions.js';
import { type HierarchicalNSW, hnswlibStatus } from './hnswlib.js';
import { IdMap } from './id-map.js';
import { sortHits } from './top-k.js';
import type { VectorHit, VectorIndex } from './vector-index.js';
import { saveVectorIndexFiles } from './vector-index-files.js';

/** Options of `createHnswVectorIndex`; unset ones take `HNSW_DEFAULTS`. */
export interface HnswVectorIndexOptions {
  dimensions: number;
  /** Graph degree (hnswlib M). */
  m?: number;
  /** Candidate list size while inserting. */
  efConstruction?: number;
  /** Candidate list size while searching (raised to k when k is larger). */
  efSearch?: number;
  /** Vectors to reserve room for up front (the graph doubles its capacity when full). */
  initialCapacity?: number;
}

/**
 * Default HNSW parameters. Measured against the exact index: recall@10 0.97 on 5k random 64-d unit vectors,
 * 0.99 on 20k 512-d vectors with low-rank structure (like text embeddings). efConstruction 200 gave the same
 * recall for a build about 1.5x slower.
 */
export const HNSW_DEFAULTS = { m: 16, efConstruction: 100, efSearch: 100, initialCapacity: 1024 } as const;

/**
 * Approximate cosine index over hnswlib-node. Numeric labels stay inside (see `IdMap`); hnswlib's cosine
 * distance is turned into similarity (1 - d) here. Removed points are marked deleted and their slots reused.
 */
export class HnswVectorIndex implements VectorIndex {
  readonly kind = 'hnsw' as const;
  readonly dimensions: number;
  readonly m: number;
  readonly efConstruction: number;
  readonly efSearch: number;
  readonly #hnsw: HierarchicalNSW;
  readonly #ids: IdMap;
  /**
   * The unit vector of every key, kept beside hnswlib's copy: hnswlib-node hands a vector back only as a JavaScript
   * array (`getPoint`: 25 ms for the 200 views a selection scores, measured in bench/src/vector-backends.ts). Each
   * upsert call writes its vectors side by side into a new array, and a load reads them all into one (the `vectors`
   * file), never written again, so `locateVectors` can hand it out and a selection scores them in place.
   */
  readonly #stored = new Map<string, { data: Float32Array; offset: number }>();
  /**
   * hnswlib-node takes a point (to insert or search) only as a JavaScript array, read element by element: this one,
   * refilled for each call, spares an `Array.from` per point (figures: bench/NOTES.md, "Vector paths, one per job").
   */
  readonly #point: number[];

  /** Wrap an initialised hnswlib index and its id map; use `createHnswVectorIndex` or `loadVectorIndex`. */
  constructor(options: {
    hnsw: HierarchicalNSW;
    ids: IdMap;
    dimensions: number;
    m: number;
    efConstruction: number;
    efSearch: number;
    /** The stored unit vectors of a loaded index: `keys[i]`'s from `i * dimensions` on (see `loadVectorIndex`). */
    stored?: { data: Float32Array; keys: readonly string[] };
  }) {
    this.#hnsw = options.hnsw;
    this.#ids = options.ids;
    this.dimensions = options.dimensions;
    this.#point = Array.from({ length: this.dimensions }, () => 0);
    if (options.stored !== undefined) {
      const { data, keys } = options.stored;
      for (const [position, key] of keys.entries())
        this.#stored.set(key, { data, offset: position * this.dimensions });
    }
    this.m = options.m;
    this.efConstruction = options.efConstruction;
    this.efSearch = options.efSearch;
    this.#hnsw.setEf(this.efSearch);
  }

  get size(): number {
    return this.#ids.size;
  }

  upsert(entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    for (const entry of entries) checkDimensions(entry.vector, this.dimensions, `vector for "${entry.key}"`);
    const data = new Float32Array(entries.length * this.dimensions);
    for (const [position, { key, vector }] of entries.entries()) {
      const offset = position * this.dimensions;
      const existing = this.#ids.labelOf(key);
      if (existing !== undefined) {
        this.#hnsw.addPoint(this.#pointOf(vector), existing, false);
        normalizeLikeHnswlib(vector, data, offset);
        this.#stored.set(key, { data, offset });
        continue;
      }
      // Every slot is live only when no deleted slot is left to reuse; then the graph must grow.
      const capacity = this.#hnsw.getMaxElements();
      if (this.#ids.size >= capacity) this.#hnsw.resizeIndex(capacity * 2);
      const label = this.#ids.assign(key);
      try {
        this.#hnsw.addPoint(this.#pointOf(vector), label, true);
      } catch (error) {
        this.#ids.delete(key);
        throw error;
      }
      normalizeLikeHnswlib(vector, data, offset);
      this.#stored.set(key, { data, offset });
    }
  }

  remove(keys: readonly string[]): void {
    for (const key of keys) {
      this.#stored.delete(key);
      const label = this.#ids.delete(key);
      if (label !== undefined) this.#hnsw.markDelete(label);
    }
  }

  search(query: Float32Array, k: number): VectorHit[] {
    checkDimensions(query, this.dimensions, 'query vector');
    const live = this.#ids.size;
    const wanted = Math.min(Math.floor(k), live);
    if (!(wanted > 0)) return [];
    // Ask for extra candidates so that hits tied with the k-th one are all seen and ordered by key; widen
    // while the tie runs past the last candidate.
    let candidates = Math.min(live, wanted + 10);
    for (;;) {
      const hits = this.#candidates(query, candidates);
      const boundary = hits[wanted - 1]?.similarity;
      const last = hits[hits.length - 1]?.similarity;
      if (candidates >= live || boundary === undefined || last === undefined || last < boundary) {
        return hits.slice(0, wanted);
      }
      candidates = Math.min(live, candidates * 2);
    }
  }

  has(key: string): boolean {
    return this.#ids.labelOf(key) !== undefined;
  }

  vector(key: string): Float32Array | undefined {
    const stored = this.#stored.get(key);
    return stored?.data.subarray(stored.offset, stored.offset + this.dimensions);
  }

  locateVectors(items: ReadonlyArray<{ key: string }>, offsets: Int32Array): Float32Array | undefined {
    // All from one array: the loaded vectors (none upserted since the load) or one upsert call's.
    let data: Float32Array | undefined;
    for (let position = 0; position < items.length; position++) {
      const stored = this.#stored.get(items[position]!.key);
      if (stored === undefined || (data !== undefined && stored.data !== data)) return undefined;
      data = stored.data;
      offsets[position] = stored.offset;
    }
    return data ?? EMPTY;
  }

  async save(dir: string): Promise<void> {
    // Snapshot synchronously, before any await: later upserts cannot race hnswlib's writer or split the graph
    // from the id map and the vectors (saved in the id map's key order). The snapshot is then moved into place by
    // the atomic save.
    mkdirSync(dir, { recursive: true });
    const snapshot = path.join(
      dir,
      `vector-index.graph.tmp-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    const ids = this.#ids.toJSON();
    const vectors = new Float32Array(ids.keys.length * this.dimensions);
    for (const [position, key] of ids.keys.entries())
      vectors.set(this.vector(key)!, position * this.dimensions);
    try {
      this.#hnsw.writeIndexSync(snapshot);
      await saveVectorIndexFiles(dir, {
        kind: 'hnsw',
        dimensions: this.dimensions,
        count: this.#ids.size,
        params: { m: this.m, efConstruction: this.efConstruction, efSearch: this.efSearch },
        payload: {
          graph: { write: (file) => rename(snapshot, file) },
          ids: { bytes: Buffer.from(JSON.stringify(ids)) },
          vectors: { bytes: new Uint8Array(vectors.buffer) },
        },
      });
    } finally {
      await rm(snapshot, { force: true });
    }
  }

  #candidates(query: Float32Array, count: number): VectorHit[] {
    const { distances, neighbors } = this.#hnsw.searchKnn(this.#pointOf(query), count);
    const hits: VectorHit[] = [];
    for (let i = 0; i < neighbors.length; i++) {
      const key = this.#ids.keyOf(neighbors[i]!);
      if (key !== undefined) hits.push({ key, similarity: toSimilarity(distances[i]!) });
    }
    return sortHits(hits);
  }

  /** `vector` copied into the reused `#point` (hnswlib copies it in turn, so the next call may overwrite it). */
  #pointOf(vector: Float32Array): number[] {
    const point = this.#point;
    for (let i = 0; i < point.length; i++) point[i] = vector[i]!;
    return point;
  }
}

/** An HNSW cosine index; throws VECTOR_BACKEND_UNAVAILABLE when the hnswlib-node addon cannot load. */
export function createHnswVectorIndex(options: HnswVectorIndexOptions): HnswVectorIndex {
  const status = hnswlibStatus();
  if (!status.available) throw new ToolsiftError(ErrorCode.VectorBackendUnavailable, status.reason);
  const m = options.m ?? HNSW_DEFAULTS.m;
  const efConstruction = options.efConstruction ?? HNSW_DEFAULTS.efConstruction;
  const hnsw = new status.hnswlib.HierarchicalNSW('cosine', options.dimensions);
  hnsw.initIndex({
    maxElements: Math.max(1, options.initialCapacity ?? HNSW_DEFAULTS.initialCapacity),
    m,
    efConstruction,
    allowReplaceDeleted: true,
  });
  const efSearch = options.efSearch ?? HNSW_DEFAULTS.efSearch;
  return new HnswVectorIndex({
    hnsw,
    ids: new IdMap(),
    dimensions: options.dimensions,
    m,
    efConstruction,
    efSearch,
  });
}

// --- internal ---

/** Write the unit vector hnswlib-node stores for a cosine point into `target` at `offset`, computed the same way
 * (float arithmetic), so a vector read back from a saved graph equals the one kept after an upsert, bit for bit. */
function normalizeLikeHnswlib(vector: Float32Array, target: Float32Array, offset: number): void {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum = Math.fround(sum + Math.fround(vector[i]! * vector[i]!));
  const norm = Math.fround(Math.sqrt(Math.abs(sum)));
  target.set(vector, offset);
  if (norm > 0) for (let i = 0; i < vector.length; i++) target[offset + i] = vector[i]! / norm;
}

/** What `locateVectors` returns for no items. */
const EMPTY = new Float32Array(0);

/** hnswlib's cosine distance is 1 - cos; clamp away float rounding just outside [-1, 1]. */
function toSimilarity(distance: number): number {
  return Math.min(1, Math.max(-1, 1 - distance));
}

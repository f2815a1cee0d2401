import { checkDimensions } from './check-dimensions.js';
import { batchDotProducts } from './simd-dot-products.js';
import { TopK } from './top-k.js';
import type { VectorHit, VectorIndex } from './vector-index.js';
import { saveVectorIndexFiles } from './vector-index-files.js';

/** Options of `createExactVectorIndex`. */
export interface ExactVectorIndexOptions {
  dimensions: number;
  /** Vectors to reserve room for up front (the store doubles when full). */
  initialCapacity?: number;
}

/**
 * Brute-force cosine index: unit vectors in one contiguous Float32Array, scanned with a dot product and a
 * bounded heap. Exact, so it is the oracle for HNSW recall; fast enough for small catalogs.
 */
export class ExactVectorIndex implements VectorIndex {
  readonly kind = 'exact' as const;
  readonly dimensions: number;
  #data: Float32Array;
  readonly #keys: string[] = [];
  readonly #slots = new Map<string, number>();

  constructor(options: ExactVectorIndexOptions) {
    this.dimensions = options.dimensions;
    this.#data = new Float32Array(Math.max(1, options.initialCapacity ?? 16) * this.dimensions);
  }

  /** Rebuild an index from stored unit vectors (slot order) and their keys; takes ownership of `vectors`. */
  static fromVectors(options: {
    dimensions: number;
    vectors: Float32Array;
    keys: readonly string[];
  }): ExactVectorIndex {
    const index = new ExactVectorIndex({ dimensions: options.dimensions, initialCapacity: 1 });
    index.#data = options.vectors;
    for (const [slot, key] of options.keys.entries()) {
      index.#keys.push(key);
      index.#slots.set(key, slot);
    }
    return index;
  }

  get size(): number {
    return this.#keys.length;
  }

  upsert(entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    for (const entry of entries) checkDimensions(entry.vector, this.dimensions, `vector for "${entry.key}"`);
    for (const { key, vector } of entries) {
      let slot = this.#slots.get(key);
      if (slot === undefined) {
        slot = this.#keys.length;
        this.#ensureCapacity(slot + 1);
        this.#keys.push(key);
        this.#slots.set(key, slot);
      }
      writeUnit(vector, this.#data, slot * this.dimensions);
    }
  }

  remove(keys: readonly string[]): void {
    const dims = this.dimensions;
    for (const key of keys) {
      const slot = this.#slots.get(key);
      if (slot === undefined) continue;
      const last = this.#keys.length - 1;
      if (slot !== last) {
        const lastKey = this.#keys[last]!;
        this.#data.copyWithin(slot * dims, last * dims, (last + 1) * dims);
        this.#keys[slot] = lastKey;
        this.#slots.set(lastKey, slot);
      }
      this.#keys.pop();
      this.#slots.delete(key);
    }
  }

  has(key: string): boolean {
    return this.#slots.has(key);
  }

  vector(key: string): Float32Array | undefined {
    const slot = this.#slots.get(key);
    return slot === undefined
      ? undefined
      : this.#data.subarray(slot * this.dimensions, (slot + 1) * this.dimensions);
  }

  // No `locateVectors`: a removal moves the last vector into the freed slot, and growth moves them all.

  search(query: Float32Array, k: number): VectorHit[] {
    checkDimensions(query, this.dimensions, 'query vector');
    const count = this.#keys.length;
    const wanted = Math.min(Math.floor(k), count);
    if (!(wanted > 0)) return [];
    const unit = new Float32Array(this.dimensions);
    writeUnit(query, unit, 0);
    const top = new TopK(wanted);
    // The scan runs in chunks through the SIMD kernel (`batchDotProducts`), each chunk one copy of side-by-side
    // vectors; measured in bench/src/vector-index.ts against the scalar `dotProduct` loop it replaced.
    const similarities = new Float64Array(Math.min(count, SCAN_CHUNK));
    for (let first = 0; first < count; first += SCAN_CHUNK) {
      const size = Math.min(SCAN_CHUNK, count - first);
      const data = this.#data.subarray(first * this.dimensions, (first + size) * this.dimensions);
      batchDotProducts({ data, count: size, dimensions: this.dimensions })(unit, similarities);
      for (let index = 0; index < size; index++) {
        const similarity = similarities[index]!;
        if (similarity >= top.threshold) top.offer(this.#keys[first + index]!, similarity);
      }
    }
    return top.toSortedArray();
  }

  async save(dir: string): Promise<void> {
    // A copy, taken before any await, so upserts during the save cannot split vectors from keys.
    const vectors = this.#data.slice(0, this.#keys.length * this.dimensions);
    await saveVectorIndexFiles(dir, {
      kind: 'exact',
      dimensions: this.dimensions,
      count: this.#keys.length,
      payload: {
        vectors: { bytes: new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength) },
        keys: { bytes: Buffer.from(JSON.stringify(this.#keys)) },
      },
    });
  }

  #ensureCapacity(slots: number): void {
    if (slots * this.dimensions <= this.#data.length) return;
    let capacity = Math.max(1, this.#data.length / this.dimensions);
    while (capacity < slots) capacity *= 2;
    const grown = new Float32Array(capacity * this.dimensions);
    grown.set(this.#data);
    this.#data = grown;
  }
}

/** A brute-force cosine index (see `ExactVectorIndex`). */
export function createExactVectorIndex(options: ExactVectorIndexOptions): ExactVectorIndex {
  return new ExactVectorIndex(options);
}

// --- internal ---

/** Vectors scored per kernel batch: 4 MB at 512-d, well within the kernel's `MAX_BATCH_BYTES`. */
const SCAN_CHUNK = 2048;

/** Copy `vector` scaled to unit length into `target` at `offset`; a zero vector stays zero. */
function writeUnit(vector: Float32Array, target: Float32Array, offset: number): void {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < vector.length; i++) target[offset + i] = vector[i]! * scale;
}

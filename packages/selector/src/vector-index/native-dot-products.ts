/**
 * Dot products computed where the vectors already are: `(query, offsets, count, into)` sets `into[j]` to the dot
 * product of `query` with the vector at `offsets[j]` of the array it was registered for.
 */
export type NativeDotProducts = (
  query: Float32Array,
  offsets: Int32Array,
  count: number,
  into: Float64Array,
) => void;

/**
 * Let vectors of `data` be scored by `dotProducts` instead of being copied into the SIMD kernel (`batchDotProducts`).
 * A graph loaded with the patched hnswlib-node registers the empty array that stands for it (see `loadVectorIndex`):
 * hnswlib scores the vectors in its own memory (`innerProductsOf`). Held weakly: the entry goes with `data`.
 */
export function registerNativeDotProducts(data: Float32Array, dotProducts: NativeDotProducts): void {
  registry.set(data, dotProducts);
}

/** The dot products registered for `data`, if any. */
export function nativeDotProductsOf(data: Float32Array): NativeDotProducts | undefined {
  return registry.get(data);
}

// --- internal ---

const registry = new WeakMap<Float32Array, NativeDotProducts>();

import { createRequire } from 'node:module';
import type { HierarchicalNSW } from 'hnswlib-node';
import type { NativeDotProducts } from './native-dot-products.js';

/** The part of the hnswlib-node module toolsift uses. */
export interface Hnswlib {
  HierarchicalNSW: typeof HierarchicalNSW;
}

/** Whether the hnswlib-node native addon loads here; when it does not, `reason` says why. */
export type HnswlibStatus = { available: true; hnswlib: Hnswlib } | { available: false; reason: string };

/** Load hnswlib-node once, lazily, without throwing (a missing or broken native addon is reported as a status). */
export function hnswlibStatus(): HnswlibStatus {
  cached ??= tryLoad();
  return cached;
}

/**
 * A k-nearest-neighbour search that writes its results, nearest first, into `distances` and `labels` (each at
 * least k long) and returns how many it found.
 */
export type KnnSearch = (
  query: Float32Array,
  k: number,
  distances: Float32Array,
  labels: Uint32Array,
) => number;

/**
 * The search of an hnswlib index. This workspace patches hnswlib-node (patches/hnswlib-node@3.0.0.patch) with
 * `searchKnnInto`, which reads the query in place and writes typed arrays; the plain `searchKnn` converts the
 * query into a JavaScript array and returns arrays of boxed numbers (~0.06 ms of a search at 10k tools). An
 * install without the patch, as a dependency elsewhere, gets `searchKnn` behind the same signature.
 */
export function knnSearchOf(hnsw: HierarchicalNSW): KnnSearch {
  const patched = (hnsw as Partial<PatchedHierarchicalNSW>).searchKnnInto;
  if (typeof patched === 'function') return patched.bind(hnsw);
  return (query, k, distances, labels) => {
    const found = hnsw.searchKnn(Array.from(query), k);
    distances.set(found.distances);
    labels.set(found.neighbors);
    return found.neighbors.length;
  };
}

/** Insert (or, for a label already held, replace) a point; `replaceDeleted` reuses the slot of a deleted point. */
export type PointAdder = (point: Float32Array, label: number, replaceDeleted: boolean) => void;

/**
 * The insertion of an hnswlib index: the patched addon's `addPointFrom` reads the point from its `Float32Array`;
 * plain `addPoint` takes a JavaScript array (made here with `Array.from`) and reads it element by element, which
 * was a third of inserting the 25,826 views of 10k tools (6.5–7.1 against 4.4–4.7 s).
 */
export function pointAdderOf(hnsw: HierarchicalNSW): PointAdder {
  const patched = (hnsw as Partial<PatchedHierarchicalNSW>).addPointFrom;
  if (typeof patched === 'function') return patched.bind(hnsw);
  return (point, label, replaceDeleted) => hnsw.addPoint(Array.from(point), label, replaceDeleted);
}

/**
 * Dot products with the vectors of a graph as its saved file lays them out (offsets in floats from the first
 * element's vector; see `scanSavedGraphFile`), computed in the index's own memory by the patched addon's
 * `innerProductsAt`; undefined without the patch. Only for a graph loaded from that file and vectors not replaced
 * since: elsewhere the file's bytes and the index's memory differ.
 */
export function innerProductsOf(hnsw: HierarchicalNSW): NativeDotProducts | undefined {
  const patched = (hnsw as Partial<PatchedHierarchicalNSW>).innerProductsAt;
  return typeof patched === 'function' ? patched.bind(hnsw) : undefined;
}

// --- internal ---

/** What the patch adds to hnswlib-node's `HierarchicalNSW`. */
interface PatchedHierarchicalNSW {
  searchKnnInto: KnnSearch;
  addPointFrom: PointAdder;
  innerProductsAt: NativeDotProducts;
}

let cached: HnswlibStatus | undefined;

function tryLoad(): HnswlibStatus {
  try {
    const hnswlib = createRequire(import.meta.url)('hnswlib-node') as Hnswlib;
    if (typeof hnswlib.HierarchicalNSW !== 'function') {
      return { available: false, reason: 'hnswlib-node loaded but exports no HierarchicalNSW' };
    }
    return { available: true, hnswlib };
  } catch (error) {
    return { available: false, reason: `hnswlib-node native addon cannot load: ${(error as Error).message}` };
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HierarchicalNSW } from 'hnswlib-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dotProduct } from '../../src/vector-index/dot-product.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { hnswlibStatus, innerProductsOf } from '../../src/vector-index/hnswlib.js';
import { loadVectorIndex } from '../../src/vector-index/load-vector-index.js';
import {
  nativeDotProductsOf,
  registerNativeDotProducts,
} from '../../src/vector-index/native-dot-products.js';
import { batchDotProducts } from '../../src/vector-index/simd-dot-products.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';
import { randomEntries, randomUnitVectors } from './random-vectors.js';

const dimensions = 48;
const entries = randomEntries({ count: 300, dimensions, seed: 5 });
const queries = Array.from({ length: 5 }, () => randomUnitVectors(17)(dimensions));
let dir: string;
let loaded: VectorIndex;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-native-dots-'));
  const index = createHnswVectorIndex({ dimensions, initialCapacity: 64 });
  index.upsert(entries);
  await index.save(dir);
  loaded = await loadVectorIndex(dir, { dimensions });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Where the loaded index keeps the vectors of `keys` (all in its saved graph). */
function locate(keys: readonly string[]): { data: Float32Array; offsets: Int32Array } {
  const offsets = new Int32Array(keys.length);
  const data = loaded.locateVectors(
    keys.map((key) => ({ key })),
    offsets,
  );
  if (data === undefined) throw new Error('not located');
  return { data, offsets };
}

describe('dot products in a loaded HNSW graph', () => {
  it('scores the saved vectors where hnswlib keeps them, holding no copy of the graph file', () => {
    const keys = entries.filter((_, i) => i % 7 === 3).map((entry) => entry.key);
    const { data, offsets } = locate(keys);
    expect(data.length).toBe(0); // the bytes were dropped once checked
    expect(nativeDotProductsOf(data)).toBeTypeOf('function');
    const dotProducts = batchDotProducts({
      sources: keys.map(() => data),
      offsets,
      count: keys.length,
      dimensions,
    });
    const into = new Float64Array(keys.length);
    for (const query of queries) {
      dotProducts(query, into);
      keys.forEach((key, j) => {
        const original = entries.find((entry) => entry.key === key)!.vector;
        expect(loaded.vector(key)!).toHaveLength(dimensions);
        expect(into[j]).toBeCloseTo(dotProduct(query, original), 6);
        expect(into[j]).toBeCloseTo(dotProduct(query, loaded.vector(key)!), 6);
      });
    }
  });

  it('scores the batch as it was when prepared, not as its offsets array is later', () => {
    const keys = entries.slice(0, 4).map((entry) => entry.key);
    const { data, offsets } = locate(keys);
    const dotProducts = batchDotProducts({ sources: keys.map(() => data), offsets, count: 4, dimensions });
    const before = new Float64Array(4);
    dotProducts(queries[0]!, before);
    offsets.reverse();
    const after = new Float64Array(4);
    dotProducts(queries[0]!, after);
    expect(after).toEqual(before);
  });

  it('scores upserted vectors by the SIMD kernel, in the same batch as saved ones', () => {
    const next = randomUnitVectors(99);
    const replaced = { key: entries[10]!.key, vector: next(dimensions) };
    loaded.upsert([replaced]);
    const upserted = locate([replaced.key]);
    expect(nativeDotProductsOf(upserted.data)).toBeUndefined();
    const saved = locate([entries[11]!.key, entries[12]!.key]);
    // Saved, upserted, saved: as a selection's batch of several tools' views can be.
    const sources = [saved.data, upserted.data, saved.data];
    const offsets = Int32Array.from([saved.offsets[0]!, upserted.offsets[0]!, saved.offsets[1]!]);
    const into = new Float64Array(3);
    batchDotProducts({ sources, offsets, count: 3, dimensions })(queries[1]!, into);
    const expected = [entries[11]!.vector, replaced.vector, entries[12]!.vector];
    expected.forEach((vector, j) => {
      expect(into[j]).toBeCloseTo(dotProduct(queries[1]!, vector), 6);
    });
    expect(loaded.vector(replaced.key)!).toEqual(expect.objectContaining({ length: dimensions }));
    expect(dotProduct(queries[1]!, loaded.vector(replaced.key)!)).toBeCloseTo(into[1]!, 6);
  });
});

describe('nativeDotProductsOf', () => {
  it('gives the dot products registered for an array, and nothing for another', () => {
    const registered = new Float32Array(8);
    const dots = () => {};
    registerNativeDotProducts(registered, dots);
    expect(nativeDotProductsOf(registered)).toBe(dots);
    expect(nativeDotProductsOf(new Float32Array(8))).toBeUndefined();
  });
});

describe('innerProductsAt (the hnswlib-node patch)', () => {
  function graph(space: 'cosine' | 'l2'): HierarchicalNSW {
    const status = hnswlibStatus();
    if (!status.available) throw new Error(status.reason);
    const hnsw = new status.hnswlib.HierarchicalNSW(space, 4);
    hnsw.initIndex({ maxElements: 8 });
    hnsw.addPoint([1, 0, 0, 0], 0);
    hnsw.addPoint([0, 1, 0, 0], 1);
    return hnsw;
  }

  it('rejects offsets that are not where a stored vector starts, and spaces that are not inner products', () => {
    const innerProducts = innerProductsOf(graph('cosine'))!;
    const query = new Float32Array([1, 0, 0, 0]);
    const into = new Float64Array(2);
    expect(() => innerProducts(query, new Int32Array([1]), 1, into)).toThrow(/Offset 1 is not the start/);
    expect(() => innerProducts(query, new Int32Array([-4]), 1, into)).toThrow(/not the start/);
    expect(() => innerProducts(query, new Int32Array([0]), 3, into)).toThrow(/count greater/);
    expect(() => innerProductsOf(graph('l2'))!(query, new Int32Array([0]), 1, into)).toThrow(
      /"ip" or "cosine"/,
    );
  });
});

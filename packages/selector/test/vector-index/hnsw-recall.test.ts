import { describe, expect, it } from 'vitest';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex, HNSW_DEFAULTS } from '../../src/vector-index/hnsw-vector-index.js';
import { randomEntries, randomUnitVectors } from './random-vectors.js';

describe('HNSW recall against the exact index (the oracle)', () => {
  const dimensions = 64;
  const entries = randomEntries({ count: 5000, dimensions, seed: 11 });
  const next = randomUnitVectors(12);
  const queries = Array.from({ length: 200 }, () => next(dimensions));

  it('reaches recall@10 >= 0.95 on 5k random 64-d unit vectors with the default parameters', () => {
    const exact = createExactVectorIndex({ dimensions });
    const hnsw = createHnswVectorIndex({ dimensions });
    exact.upsert(entries);
    hnsw.upsert(entries);
    expect(hnsw.efSearch).toBe(HNSW_DEFAULTS.efSearch);
    let found = 0;
    for (const query of queries) {
      const truth = new Set(exact.search(query, 10).map((hit) => hit.key));
      found += hnsw.search(query, 10).filter((hit) => truth.has(hit.key)).length;
    }
    expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.95);
  });

  it('reports the same similarities as the exact index for the hits it shares', () => {
    const exact = createExactVectorIndex({ dimensions });
    const hnsw = createHnswVectorIndex({ dimensions });
    exact.upsert(entries.slice(0, 500));
    hnsw.upsert(entries.slice(0, 500));
    for (const query of queries.slice(0, 20)) {
      const truth = new Map(exact.search(query, 500).map((hit) => [hit.key, hit.similarity]));
      for (const hit of hnsw.search(query, 10))
        expect(hit.similarity).toBeCloseTo(truth.get(hit.key) ?? Number.NaN, 5);
    }
  });

  it('keeps recall after a third of the points are removed and replaced (deleted slots reused)', () => {
    const exact = createExactVectorIndex({ dimensions });
    const hnsw = createHnswVectorIndex({ dimensions, initialCapacity: 2000 });
    const base = entries.slice(0, 2000);
    exact.upsert(base);
    hnsw.upsert(base);
    const removed = base.filter((_, i) => i % 3 === 0).map((entry) => entry.key);
    exact.remove(removed);
    hnsw.remove(removed);
    const replacements = randomEntries({ count: removed.length, dimensions, seed: 13 }).map((entry) => ({
      ...entry,
      key: `replacement-${entry.key}`,
    }));
    exact.upsert(replacements);
    hnsw.upsert(replacements);
    expect(hnsw.size).toBe(2000);
    let found = 0;
    for (const query of queries) {
      const truth = new Set(exact.search(query, 10).map((hit) => hit.key));
      found += hnsw.search(query, 10).filter((hit) => truth.has(hit.key)).length;
    }
    expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.95);
  });
});

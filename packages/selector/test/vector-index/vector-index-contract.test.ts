import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';
import { randomEntries, randomUnitVectors } from './random-vectors.js';

const factories: Array<[string, (dimensions: number) => VectorIndex]> = [
  ['exact', (dimensions) => createExactVectorIndex({ dimensions, initialCapacity: 2 })],
  ['hnsw', (dimensions) => createHnswVectorIndex({ dimensions, initialCapacity: 2 })],
];

describe.each(factories)('%s vector index', (kind, create) => {
  const axis = (i: number, dimensions = 4) => {
    const vector = new Float32Array(dimensions);
    vector[i] = 1;
    return vector;
  };

  it('reports its kind and dimensions, and an empty index finds nothing', () => {
    const index = create(4);
    expect(index.kind).toBe(kind);
    expect(index.dimensions).toBe(4);
    expect(index.size).toBe(0);
    expect(index.search(axis(0), 5)).toEqual([]);
  });

  it('returns the nearest keys best first with cosine similarity', () => {
    const index = create(4);
    const diagonal = Float32Array.from([1, 1, 0, 0]).map((value) => value / Math.SQRT2);
    index.upsert([
      { key: 'x', vector: axis(0) },
      { key: 'y', vector: axis(1) },
      { key: 'xy', vector: diagonal },
      { key: 'minus-x', vector: axis(0).map((value) => -value) },
    ]);
    const hits = index.search(axis(0), 3);
    expect(hits.map((hit) => hit.key)).toEqual(['x', 'xy', 'y']);
    expect(hits[0]?.similarity).toBeCloseTo(1, 5);
    expect(hits[1]?.similarity).toBeCloseTo(Math.SQRT1_2, 5);
    expect(hits[2]?.similarity).toBeCloseTo(0, 5);
  });

  it('treats vectors as directions (cosine), whatever their length', () => {
    const index = create(4);
    index.upsert([{ key: 'long-x', vector: Float32Array.from([5, 0, 0, 0]) }]);
    expect(index.search(Float32Array.from([0.1, 0, 0, 0]), 1)[0]?.similarity).toBeCloseTo(1, 5);
  });

  it('gives back the stored unit vector of a key, and nothing once it is removed', () => {
    const index = create(4);
    index.upsert([{ key: 'x', vector: Float32Array.from([3, 4, 0, 0]) }]);
    expect([...index.vector('x')!].map((value) => Number(value.toFixed(6)))).toEqual([0.6, 0.8, 0, 0]);
    index.upsert([{ key: 'x', vector: axis(2) }]);
    expect([...index.vector('x')!]).toEqual([0, 0, 1, 0]);
    index.remove(['x']);
    expect(index.vector('x')).toBeUndefined();
    expect(index.vector('unknown')).toBeUndefined();
  });

  it('returns everything when k exceeds the size, and nothing for k <= 0', () => {
    const index = create(4);
    index.upsert([0, 1, 2].map((i) => ({ key: `k${i}`, vector: axis(i) })));
    expect(index.search(axis(0), 50)).toHaveLength(3);
    expect(index.search(axis(0), 0)).toEqual([]);
    expect(index.search(axis(0), -1)).toEqual([]);
  });

  it('upsert replaces the vector of an existing key', () => {
    const index = create(4);
    index.upsert([
      { key: 'a', vector: axis(0) },
      { key: 'b', vector: axis(1) },
    ]);
    index.upsert([{ key: 'a', vector: axis(2) }]);
    expect(index.size).toBe(2);
    expect(index.search(axis(2), 1)).toEqual([{ key: 'a', similarity: expect.closeTo(1, 5) }]);
    expect(index.search(axis(0), 2).every((hit) => hit.similarity < 0.5)).toBe(true);
  });

  it('remove hides a key, ignores unknown keys, and a removed key can be added again', () => {
    const index = create(4);
    index.upsert([0, 1, 2, 3].map((i) => ({ key: `k${i}`, vector: axis(i) })));
    index.remove(['k0', 'unknown', 'k0']);
    expect(index.size).toBe(3);
    expect(index.search(axis(0), 4).map((hit) => hit.key)).not.toContain('k0');
    index.upsert([{ key: 'k0', vector: axis(3) }]);
    expect(index.size).toBe(4);
    expect(
      index
        .search(axis(3), 2)
        .map((hit) => hit.key)
        .sort(),
    ).toEqual(['k0', 'k3']);
  });

  it('stays consistent through many removals and re-additions (slot reuse, growth)', () => {
    const index = create(16);
    const entries = randomEntries({ count: 300, dimensions: 16, seed: 7 });
    index.upsert(entries);
    const removed = entries.filter((_, i) => i % 3 === 0).map((entry) => entry.key);
    index.remove(removed);
    expect(index.size).toBe(200);
    for (const entry of entries.filter((_, i) => i % 3 !== 0).slice(0, 50)) {
      expect(index.search(entry.vector, 1)[0]?.key).toBe(entry.key);
    }
    for (const key of removed.slice(0, 20))
      expect(index.search(entries[Number(key.slice(4))]!.vector, 3).map((h) => h.key)).not.toContain(key);
    const fresh = randomEntries({ count: 150, dimensions: 16, seed: 8 }).map((entry) => ({
      ...entry,
      key: `new-${entry.key}`,
    }));
    index.upsert(fresh);
    expect(index.size).toBe(350);
    for (const entry of fresh.slice(0, 50)) expect(index.search(entry.vector, 1)[0]?.key).toBe(entry.key);
  });

  it('breaks ties by key, deterministically, even past the k-th hit', () => {
    const index = create(8);
    const next = randomUnitVectors(3);
    const shared = next(8);
    const keys = Array.from({ length: 30 }, (_, i) => `tie-${String(i).padStart(2, '0')}`);
    const scrambled = [...keys].reverse();
    index.upsert([
      ...Array.from({ length: 40 }, (_, i) => ({ key: `other-${i}`, vector: next(8) })),
      ...scrambled.map((key) => ({ key, vector: shared })),
    ]);
    const hits = index.search(shared, 5);
    expect(hits.map((hit) => hit.key)).toEqual(keys.slice(0, 5));
    expect(index.search(shared, 5)).toEqual(hits);
  });

  it('locates the vectors of one upsert side by side in an array never written again (hnsw), or declines', () => {
    const index = create(4);
    index.upsert([
      { key: 'a', vector: Float32Array.from([3, 4, 0, 0]) },
      { key: 'b', vector: axis(1) },
    ]);
    index.upsert([{ key: 'c', vector: axis(2) }]);
    const offsets = new Int32Array(2);
    const data = index.locateVectors?.([{ key: 'b' }, { key: 'a' }], offsets);
    // The exact index moves vectors on removal and growth, so it has no `locateVectors` (an optional capability).
    if (kind === 'exact') return expect(data).toBeUndefined();
    expect(data?.subarray(offsets[0]!, offsets[0]! + 4)).toEqual(index.vector('b'));
    expect(data?.subarray(offsets[1]!, offsets[1]! + 4)).toEqual(index.vector('a'));
    expect(index.locateVectors?.([{ key: 'a' }, { key: 'c' }], new Int32Array(2))).toBeUndefined();
    expect(index.locateVectors?.([{ key: 'a' }, { key: 'unknown' }], new Int32Array(2))).toBeUndefined();
    const before = Array.from(data!);
    index.upsert([{ key: 'a', vector: axis(3) }]);
    index.remove(['b']);
    expect(Array.from(data!)).toEqual(before);
    expect(index.locateVectors?.([{ key: 'b' }], new Int32Array(1))).toBeUndefined();
    expect(index.locateVectors?.([{ key: 'a' }], new Int32Array(1))).not.toBe(data);
  });

  it('rejects vectors and queries of the wrong length with both numbers', () => {
    const index = create(4);
    const attempt = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return error;
      }
      throw new Error('expected a throw');
    };
    const onAdd = attempt(() =>
      index.upsert([
        { key: 'ok', vector: axis(0) },
        { key: 'bad', vector: new Float32Array(3) },
      ]),
    );
    expect(onAdd).toBeInstanceOf(ToolsiftError);
    expect(onAdd).toMatchObject({
      code: ErrorCode.EmbeddingDimensionMismatch,
      details: { expected: 4, actual: 3 },
    });
    expect((onAdd as Error).message).toMatch(/3 dimensions .* expects 4/);
    expect(index.size).toBe(0); // the batch is checked before anything is applied
    const onQuery = attempt(() => index.search(new Float32Array(5), 1));
    expect(onQuery).toMatchObject({
      code: ErrorCode.EmbeddingDimensionMismatch,
      details: { expected: 4, actual: 5 },
    });
    expect((onQuery as Error).message).toMatch(/5 dimensions .* expects 4/);
  });
});

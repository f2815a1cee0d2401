import type { HierarchicalNSW } from 'hnswlib-node';
import { describe, expect, it } from 'vitest';
import { hnswlibStatus, knnSearchOf, pointAdderOf } from '../../src/vector-index/hnswlib.js';
import { randomUnitVectors } from './random-vectors.js';

const DIMENSIONS = 64;

function buildGraph(count: number): { hnsw: HierarchicalNSW; queries: Float32Array[] } {
  const status = hnswlibStatus();
  if (!status.available) throw new Error(status.reason);
  const hnsw = new status.hnswlib.HierarchicalNSW('cosine', DIMENSIONS);
  hnsw.initIndex({ maxElements: Math.max(count, 16), m: 16, efConstruction: 100 });
  const next = randomUnitVectors(11);
  for (let label = 0; label < count; label++) hnsw.addPoint(Array.from(next(DIMENSIONS)), label);
  hnsw.setEf(50);
  return { hnsw, queries: Array.from({ length: 20 }, () => next(DIMENSIONS)) };
}

/** The plain hnswlib-node surface, as an install without this workspace's patch has it. */
function withoutPatch(hnsw: HierarchicalNSW): HierarchicalNSW {
  return { searchKnn: hnsw.searchKnn.bind(hnsw), addPoint: hnsw.addPoint.bind(hnsw) } as HierarchicalNSW;
}

function searchWith(search: ReturnType<typeof knnSearchOf>, query: Float32Array, k: number) {
  const distances = new Float32Array(k + 3).fill(-1);
  const labels = new Uint32Array(k + 3).fill(999_999);
  const found = search(query, k, distances, labels);
  return { found, distances: Array.from(distances), labels: Array.from(labels) };
}

describe('knnSearchOf', () => {
  const { hnsw, queries } = buildGraph(500);

  it('uses the patched searchKnnInto of this workspace install', () => {
    expect(typeof (hnsw as unknown as { searchKnnInto?: unknown }).searchKnnInto).toBe('function');
  });

  it('gives what searchKnn gives, nearest first, with or without the patch', () => {
    const patched = knnSearchOf(hnsw);
    const plain = knnSearchOf(withoutPatch(hnsw));
    for (const query of queries) {
      const reference = hnsw.searchKnn(Array.from(query), 10);
      const expected = {
        found: 10,
        // searchKnn lists nearest first; positions past k are left as they were.
        distances: [...reference.distances.map(Math.fround), -1, -1, -1],
        labels: [...reference.neighbors, 999_999, 999_999, 999_999],
      };
      expect(searchWith(patched, query, 10)).toEqual(expected);
      expect(searchWith(plain, query, 10)).toEqual(expected);
      expect(reference.distances).toEqual([...reference.distances].sort((a, b) => a - b));
    }
  });

  it('finds fewer than k when the graph holds fewer points', () => {
    const small = buildGraph(4);
    const result = searchWith(knnSearchOf(small.hnsw), small.queries[0]!, 8);
    expect(result.found).toBe(4);
    expect(new Set(result.labels.slice(0, 4))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('rejects a query of the wrong length or type, and output arrays shorter than k', () => {
    const search = knnSearchOf(hnsw);
    const out = () => [new Float32Array(10), new Uint32Array(10)] as const;
    expect(() => search(new Float32Array(DIMENSIONS - 1), 5, ...out())).toThrow(/expected 64, but got 63/);
    expect(() => search(new Float64Array(DIMENSIONS) as never, 5, ...out())).toThrow(/Float32Array/);
    expect(() => search(queries[0]!, 11, ...out())).toThrow(/output arrays/);
  });
});

describe('pointAdderOf', () => {
  function emptyGraph(): HierarchicalNSW {
    const status = hnswlibStatus();
    if (!status.available) throw new Error(status.reason);
    const hnsw = new status.hnswlib.HierarchicalNSW('cosine', DIMENSIONS);
    hnsw.initIndex({
      maxElements: 300,
      m: 16,
      efConstruction: 100,
      randomSeed: 7,
      allowReplaceDeleted: true,
    });
    return hnsw;
  }

  it('stores the same graph with or without the patch, replacements included', () => {
    const next = randomUnitVectors(23);
    const points = Array.from({ length: 200 }, () => next(DIMENSIONS));
    const [patched, plain] = [emptyGraph(), emptyGraph()];
    expect(typeof (patched as unknown as { addPointFrom?: unknown }).addPointFrom).toBe('function');
    for (const add of [pointAdderOf(patched), pointAdderOf(withoutPatch(plain))]) {
      for (const [label, point] of points.entries()) add(point, label, true);
      add(points[0]!, 5, false); // label 5 now holds point 0
    }
    expect(patched.getPoint(5)).toEqual(plain.getPoint(5));
    expect(patched.getPoint(5)).toEqual(patched.getPoint(0));
    for (const query of points.slice(0, 10)) {
      expect(patched.searchKnn(Array.from(query), 5)).toEqual(plain.searchKnn(Array.from(query), 5));
    }
  });

  it('rejects a point of the wrong length or type', () => {
    const add = pointAdderOf(emptyGraph());
    expect(() => add(new Float32Array(DIMENSIONS + 1), 0, false)).toThrow(/expected 64, but got 65/);
    expect(() => add(new Float64Array(DIMENSIONS) as never, 0, false)).toThrow(/Float32Array/);
  });
});

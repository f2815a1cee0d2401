import { describe, expect, it } from 'vitest';
import {
  chooseVectorIndexKind,
  createVectorIndex,
  EXACT_INDEX_MAX_WORK,
} from '../../src/vector-index/create-vector-index.js';
import { hnswlibStatus } from '../../src/vector-index/hnswlib.js';

describe('createVectorIndex', () => {
  it('loads hnswlib-node here', () => {
    expect(hnswlibStatus()).toMatchObject({ available: true });
  });

  it('auto: exact for small catalogs, HNSW for large ones, no warnings', () => {
    const small = createVectorIndex({ dimensions: 512, expectedSize: 100 });
    expect(small).toMatchObject({ index: { kind: 'exact', dimensions: 512 }, warnings: [] });
    const large = createVectorIndex({ dimensions: 512, expectedSize: 50_000 });
    expect(large).toMatchObject({ index: { kind: 'hnsw', dimensions: 512 }, warnings: [] });
    expect(createVectorIndex({ dimensions: 512 }).index.kind).toBe('exact');
  });

  it('auto: the threshold scales with the dimensions', () => {
    const at = (expectedSize: number, dimensions: number) =>
      chooseVectorIndexKind({ kind: 'auto', expectedSize, dimensions, hnswlib: { available: true } }).kind;
    expect(at(EXACT_INDEX_MAX_WORK / 512, 512)).toBe('exact');
    expect(at(EXACT_INDEX_MAX_WORK / 512 + 1, 512)).toBe('hnsw');
    expect(at(EXACT_INDEX_MAX_WORK / 512 + 1, 64)).toBe('exact');
  });

  it('honours an explicit kind', () => {
    expect(createVectorIndex({ dimensions: 8, kind: 'hnsw', expectedSize: 3 }).index.kind).toBe('hnsw');
    expect(createVectorIndex({ dimensions: 8, kind: 'exact', expectedSize: 1e6 }).index.kind).toBe('exact');
  });

  it('passes HNSW tuning through', () => {
    const { index } = createVectorIndex({ dimensions: 8, kind: 'hnsw', hnsw: { m: 8, efSearch: 40 } });
    expect(index).toMatchObject({ m: 8, efSearch: 40 });
  });

  it.each(['auto', 'hnsw'] as const)(
    '%s: falls back to exact with a warning where the addon cannot load',
    (kind) => {
      const choice = chooseVectorIndexKind({
        kind,
        expectedSize: 1e6,
        dimensions: 512,
        hnswlib: { available: false, reason: 'hnswlib-node native addon cannot load: no prebuilt binary' },
      });
      expect(choice.kind).toBe('exact');
      expect(choice.warnings).toEqual([expect.stringContaining('no prebuilt binary')]);
    },
  );

  it('exact needs no addon and gives no warning', () => {
    const choice = chooseVectorIndexKind({
      kind: 'exact',
      expectedSize: 10,
      dimensions: 8,
      hnswlib: { available: false },
    });
    expect(choice).toEqual({ kind: 'exact', warnings: [] });
  });
});

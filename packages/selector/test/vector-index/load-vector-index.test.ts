import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@toolsift/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_VECTOR_INDEXES } from '../../src/vector-index/built-in-vector-indexes.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadVectorIndex } from '../../src/vector-index/load-vector-index.js';
import { saveVectorIndex, VECTOR_INDEX_KIND_FILE } from '../../src/vector-index/save-vector-index.js';
import type { VectorIndexFactory } from '../../src/vector-index/vector-index.js';
import { randomEntries } from './random-vectors.js';

const dimensions = 16;
const entries = randomEntries({ count: 30, dimensions, seed: 41 });
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-vector-index-kind-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('saveVectorIndex and loadVectorIndex', () => {
  it.each([
    ['exact', () => createExactVectorIndex({ dimensions })],
    ['hnsw', () => createHnswVectorIndex({ dimensions })],
  ])(
    'load a saved %s index with its own factory, whatever built-in kind is asked for',
    async (kind, create) => {
      const index = create();
      index.upsert(entries);
      await saveVectorIndex(index, dir);
      for (const vectorIndex of ['auto', 'exact', 'hnsw'] as const) {
        const loaded = await loadVectorIndex(dir, { dimensions, vectorIndex });
        expect(loaded.kind).toBe(kind);
        expect(loaded.search(entries[3]!.vector, 5)).toEqual(index.search(entries[3]!.vector, 5));
      }
    },
  );

  it('load a custom kind only with its factory', async () => {
    const custom: VectorIndexFactory = { ...BUILT_IN_VECTOR_INDEXES.exact, kind: 'exact-copy' };
    const index = createExactVectorIndex({ dimensions });
    index.upsert(entries);
    // A factory of another kind that reuses the exact index's files: its indexes carry the factory's kind.
    await saveVectorIndex(Object.assign(index, { kind: 'exact-copy' }), dir);
    await expect(loadVectorIndex(dir, { dimensions })).rejects.toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'kind' },
    });
    await expect(
      loadVectorIndex(dir, { dimensions, vectorIndex: BUILT_IN_VECTOR_INDEXES.exact }),
    ).rejects.toMatchObject({
      code: ErrorCode.IndexCorrupt,
      message: expect.stringContaining('saved by the "exact-copy" vector index, not "exact"'),
    });
    // The factory loads an index of another kind: refused as well.
    await expect(loadVectorIndex(dir, { dimensions, vectorIndex: custom })).rejects.toMatchObject({
      code: ErrorCode.IndexCorrupt,
      message: expect.stringContaining('loaded a 16-d "exact" index, not 16-d "exact-copy"'),
    });
  });

  it('refuse a folder without its kind file, or with a bad one', async () => {
    await expect(loadVectorIndex(dir, { dimensions })).rejects.toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'missing-kind' },
    });
    await createExactVectorIndex({ dimensions }).save(dir);
    await expect(loadVectorIndex(dir, { dimensions })).rejects.toMatchObject({
      details: { reason: 'missing-kind' },
    });
    for (const text of ['{"kind":', '{"kind": ""}', '[]']) {
      await writeFile(path.join(dir, VECTOR_INDEX_KIND_FILE), text);
      await expect(loadVectorIndex(dir, { dimensions })).rejects.toMatchObject({
        code: ErrorCode.IndexCorrupt,
        details: { reason: 'invalid-kind' },
      });
    }
  });
});

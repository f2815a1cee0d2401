import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@toolsift/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_VECTOR_INDEXES } from '../../src/vector-index/built-in-vector-indexes.js';
import { dotProduct } from '../../src/vector-index/dot-product.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { batchDotProducts } from '../../src/vector-index/simd-dot-products.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';
import { randomEntries, randomUnitVectors } from './random-vectors.js';

const dimensions = 32;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-vector-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const kinds: Array<['exact' | 'hnsw', () => VectorIndex]> = [
  ['exact', () => createExactVectorIndex({ dimensions })],
  ['hnsw', () => createHnswVectorIndex({ dimensions, initialCapacity: 64 })],
];

describe.each(kinds)('saving and loading the %s index', (kind, create) => {
  // What `save` writes, its factory's `load` reads back.
  const load = (options = { dimensions }) => BUILT_IN_VECTOR_INDEXES[kind].load(dir, options);
  const entries = randomEntries({ count: 400, dimensions, seed: 21 });
  const next = randomUnitVectors(22);
  const queries = Array.from({ length: 30 }, () => next(dimensions));

  function built(): VectorIndex {
    const index = create();
    index.upsert(entries);
    index.remove(entries.filter((_, i) => i % 5 === 0).map((entry) => entry.key));
    return index;
  }

  it('round-trips: the loaded index gives identical results', async () => {
    const index = built();
    await index.save(dir);
    const loaded = await load();
    expect(loaded.kind).toBe(kind);
    expect(loaded.size).toBe(index.size);
    for (const query of queries) expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
  });

  it('round-trips the stored vectors bit for bit, and they are unit vectors', async () => {
    const index = built();
    await index.save(dir);
    const loaded = await load();
    const live = entries.filter((_, i) => i % 5 !== 0);
    for (const { key } of live) expect(loaded.vector(key)).toEqual(index.vector(key));
    const norm = Math.hypot(...loaded.vector(live[0]!.key)!);
    expect(norm).toBeCloseTo(1, 6);
    expect(loaded.vector(entries[0]!.key)).toBeUndefined();
  });

  it('locates the loaded vectors in place (hnsw: as read from its vectors file) until a key is upserted again', async () => {
    const index = built();
    await index.save(dir);
    const loaded = await load();
    const live = entries.filter((_, i) => i % 5 !== 0);
    const offsets = new Int32Array(live.length);
    const data = loaded.locateVectors?.(live, offsets);
    if (kind === 'exact') return expect(data).toBeUndefined();
    // Scored where they lie, as a selection scores them.
    const query = next(dimensions);
    const into = new Float64Array(live.length);
    batchDotProducts({ sources: live.map(() => data!), offsets, count: live.length, dimensions })(
      query,
      into,
    );
    live.forEach(({ key }, position) => {
      expect(into[position]).toBeCloseTo(dotProduct(query, loaded.vector(key)!), 6);
    });
    loaded.upsert([{ key: live[0]!.key, vector: next(dimensions) }]);
    expect(loaded.locateVectors?.(live.slice(0, 2), new Int32Array(2))).toBeUndefined();
    expect(loaded.locateVectors?.(live.slice(1, 3), new Int32Array(2))).toBe(data);
  });

  it('round-trips an empty index', async () => {
    await create().save(dir);
    const loaded = await load();
    expect(loaded.size).toBe(0);
    expect(loaded.search(next(dimensions), 3)).toEqual([]);
  });

  it('keeps working after loading: upsert, remove and re-add, then save again', async () => {
    await built().save(dir);
    const loaded = await load();
    const removedKey = entries[0]!.key;
    const fresh = randomEntries({ count: 200, dimensions, seed: 23 }).map((e) => ({
      ...e,
      key: `fresh-${e.key}`,
    }));
    loaded.upsert([...fresh, { key: removedKey, vector: entries[0]!.vector }]);
    loaded.remove([entries[1]!.key]);
    expect(loaded.search(entries[0]!.vector, 1)[0]?.key).toBe(removedKey);
    expect(loaded.search(fresh[7]!.vector, 1)[0]?.key).toBe(fresh[7]!.key);
    expect(loaded.search(entries[1]!.vector, 5).map((hit) => hit.key)).not.toContain(entries[1]!.key);
    await loaded.save(dir);
    const again = await load();
    expect(again.size).toBe(loaded.size);
    for (const query of queries) expect(again.search(query, 10)).toEqual(loaded.search(query, 10));
    // The new points took the slots of removed ones (HNSW), so labels no longer follow slots in the graph.
    for (const { key } of [...fresh, entries[0]!, entries[2]!])
      expect(again.vector(key)).toEqual(loaded.vector(key));
    expect(again.vector(entries[1]!.key)).toBeUndefined();
  });

  it('replaces the previous save and leaves only the current files', async () => {
    await built().save(dir);
    const first = await readdir(dir);
    await built().save(dir);
    const second = await readdir(dir);
    expect(second).toHaveLength(first.length);
    expect(second.filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(second.filter((name) => first.includes(name) && name !== 'vector-index.json')).toEqual([]);
  });

  it('ignores payload files of an unfinished save (the manifest commits a save)', async () => {
    const index = built();
    await index.save(dir);
    await writeFile(path.join(dir, 'vector-index.0123456789ab.vectors'), 'half-written');
    const loaded = await load();
    expect(loaded.search(queries[0]!, 10)).toEqual(index.search(queries[0]!, 10));
  });

  it('rejects a different embedding size with both numbers', async () => {
    await built().save(dir);
    const error = await load({ dimensions: 64 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: ErrorCode.EmbeddingDimensionMismatch,
      details: { expected: 64, actual: dimensions },
    });
    expect((error as Error).message).toMatch(/32 dimensions but 64/);
  });

  describe('detects damage and says what is wrong', () => {
    const payloadRoles = kind === 'exact' ? ['vectors', 'keys'] : ['graph', 'ids', 'vectors'];

    async function payload(role: string): Promise<string> {
      const manifest = JSON.parse(await readFile(path.join(dir, 'vector-index.json'), 'utf8'));
      return path.join(dir, manifest.files[role].file);
    }

    async function loadError(): Promise<{ code: string; message: string; details: { reason: string } }> {
      return load().then(
        () => expect.fail('expected the load to fail'),
        (error: unknown) => error as never,
      );
    }

    it.each(payloadRoles)('a flipped byte in the %s file fails the checksum', async (role) => {
      await built().save(dir);
      const file = await payload(role);
      const bytes = await readFile(file);
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      await writeFile(file, bytes);
      const error = await loadError();
      expect(error).toMatchObject({ code: ErrorCode.IndexCorrupt, details: { reason: 'checksum-mismatch' } });
      expect(error.message).toContain(path.basename(file));
    });

    it.each(payloadRoles)('a truncated %s file is reported as truncated', async (role) => {
      await built().save(dir);
      const file = await payload(role);
      await truncate(file, 10);
      const error = await loadError();
      expect(error).toMatchObject({ code: ErrorCode.IndexCorrupt, details: { reason: 'size-mismatch' } });
      expect(error.message).toMatch(/truncated \(10 bytes, expected \d+\)/);
    });

    it.each(payloadRoles)('a missing %s file', async (role) => {
      await built().save(dir);
      await rm(await payload(role));
      expect(await loadError()).toMatchObject({
        code: ErrorCode.IndexCorrupt,
        details: { reason: 'missing-file' },
      });
    });

    it('a missing, truncated or foreign manifest', async () => {
      expect(await loadError()).toMatchObject({
        code: ErrorCode.IndexCorrupt,
        details: { reason: 'missing-manifest' },
      });
      await built().save(dir);
      const manifestFile = path.join(dir, 'vector-index.json');
      const text = await readFile(manifestFile, 'utf8');
      await writeFile(manifestFile, text.slice(0, 40));
      expect(await loadError()).toMatchObject({
        code: ErrorCode.IndexCorrupt,
        details: { reason: 'invalid-manifest' },
      });
      const manifest = JSON.parse(text);
      for (const change of [{ version: 99 }, { format: 'other' }, { count: -1 }, { kind: 'faiss' }]) {
        await writeFile(manifestFile, JSON.stringify({ ...manifest, ...change }));
        const error = await loadError();
        expect(error).toMatchObject({
          code: ErrorCode.IndexCorrupt,
          details: { reason: 'invalid-manifest' },
        });
      }
      const escaping = {
        ...manifest,
        files: {
          ...manifest.files,
          [payloadRoles[0]!]: { file: '../../etc/passwd', bytes: 1, crc32: 0 },
        },
      };
      await writeFile(manifestFile, JSON.stringify(escaping));
      expect((await loadError()).message).toMatch(/file is invalid/);
    });

    it('a manifest whose count disagrees with the payload', async () => {
      await built().save(dir);
      const manifestFile = path.join(dir, 'vector-index.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      await writeFile(manifestFile, JSON.stringify({ ...manifest, count: manifest.count + 1 }));
      expect(await loadError()).toMatchObject({
        code: ErrorCode.IndexCorrupt,
        details: { reason: 'count-mismatch' },
      });
    });
  });
});

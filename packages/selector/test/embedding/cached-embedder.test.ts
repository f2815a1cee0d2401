import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createCachedEmbedder } from '../../src/embedding/cached-embedder.js';
import type { Embedder } from '../../src/embedding/embedder.js';
import { createMemoryEmbeddingStore } from '../../src/embedding/embedding-store.js';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';

/** An embedder that records every text it is asked to embed. */
function countingEmbedder(inner: Embedder = createHashEmbedder()): Embedder & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    embedded,
    async embed(texts) {
      embedded.push(...texts);
      return inner.embed(texts);
    },
  };
}

const CATALOG = ['send an email', 'book a flight', 'check the weather', 'send an email'];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolsift-embedding-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createCachedEmbedder', () => {
  test('a second run over the same texts embeds nothing, and returns the same vectors', async () => {
    const first = countingEmbedder();
    const firstVectors = await createCachedEmbedder(first, { dir }).embed(CATALOG);
    expect(first.embedded).toEqual(['send an email', 'book a flight', 'check the weather']);

    const second = countingEmbedder();
    const secondVectors = await createCachedEmbedder(second, { dir }).embed(CATALOG);
    expect(second.embedded).toEqual([]);
    expect(secondVectors).toEqual(firstVectors);
    expect(secondVectors).toEqual(await createHashEmbedder().embed(CATALOG));
  });

  test('re-indexing a changed catalog embeds only the changed text', async () => {
    await createCachedEmbedder(countingEmbedder(), { dir }).embed(CATALOG);
    const next = countingEmbedder();
    await createCachedEmbedder(next, { dir }).embed(['send an email', 'book a train', 'check the weather']);
    expect(next.embedded).toEqual(['book a train']);
  });

  test('keeps embedders apart by id', async () => {
    await createCachedEmbedder(countingEmbedder(), { dir }).embed(CATALOG);
    const other = countingEmbedder(createHashEmbedder({ dimensions: 64 }));
    await createCachedEmbedder(other, { dir }).embed(CATALOG);
    expect(other.embedded).toHaveLength(3);
    expect((await readdir(dir)).sort()).toEqual([
      expect.stringMatching(/^hash-[0-9a-f]{10}\.embeddings$/),
      expect.stringMatching(/^hash_64-[0-9a-f]{10}\.embeddings$/),
    ]);
  });

  test('ignores a damaged cache file and rewrites it', async () => {
    await createCachedEmbedder(countingEmbedder(), { dir }).embed(CATALOG);
    const [file] = await readdir(dir);
    await writeFile(join(dir, file ?? ''), 'TSEMB001 not really');
    const again = countingEmbedder();
    await createCachedEmbedder(again, { dir }).embed(CATALOG);
    expect(again.embedded).toHaveLength(3);
    const third = countingEmbedder();
    await createCachedEmbedder(third, { dir }).embed(CATALOG);
    expect(third.embedded).toEqual([]);
  });

  test('works over any store, such as memory', async () => {
    const store = createMemoryEmbeddingStore();
    await createCachedEmbedder(countingEmbedder(), { store }).embed(CATALOG);
    const again = countingEmbedder();
    await createCachedEmbedder(again, { store }).embed(CATALOG);
    expect(again.embedded).toEqual([]);
  });
});

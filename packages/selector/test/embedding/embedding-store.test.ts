import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileEmbeddingStore } from '../../src/embedding/embedding-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-embedding-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const vector = (value: number) => Float32Array.from({ length: 4 }, () => value);

describe('createFileEmbeddingStore', () => {
  it('writes every save at once by default, and reads it back in a new store', async () => {
    await createFileEmbeddingStore(dir).save('e', new Map([['aa'.repeat(32), vector(1)]]));
    const entries = await createFileEmbeddingStore(dir).load('e', 4);
    expect([...entries.keys()]).toEqual(['aa'.repeat(32)]);
    expect([...(entries.get('aa'.repeat(32)) ?? [])]).toEqual([1, 1, 1, 1]);
  });

  it('with writeEveryMs, keeps saves inside the interval in memory until flush', async () => {
    const store = createFileEmbeddingStore(dir, { writeEveryMs: 60_000 });
    await store.save('e', new Map([['aa'.repeat(32), vector(1)]])); // first save: written
    const grown = new Map([
      ['aa'.repeat(32), vector(1)],
      ['bb'.repeat(32), vector(2)],
    ]);
    await store.save('e', grown); // within the interval: deferred
    expect((await createFileEmbeddingStore(dir).load('e', 4)).size).toBe(1);
    expect((await store.load('e', 4)).size).toBe(2);
    await store.flush();
    expect((await createFileEmbeddingStore(dir).load('e', 4)).size).toBe(2);
    expect((await readdir(dir)).filter((file) => file.endsWith('.embeddings'))).toHaveLength(1);
  });

  it('ignores a file of another dimension', async () => {
    await createFileEmbeddingStore(dir).save('e', new Map([['aa'.repeat(32), vector(1)]]));
    expect((await createFileEmbeddingStore(dir).load('e', 8)).size).toBe(0);
  });
});

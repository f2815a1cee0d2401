import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ErrorCode } from '@toolsift/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadVectorIndex } from '../../src/vector-index/load-vector-index.js';
import { saveVectorIndex } from '../../src/vector-index/save-vector-index.js';
import { randomEntries } from './random-vectors.js';

// Checksums prove the files are the ones written; these cases have valid checksums (as a buggy or foreign
// writer would produce) and must still be refused, before hnswlib is handed anything.
const dimensions = 8;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-vector-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function replacePayload(role: string, bytes: Buffer): Promise<void> {
  const manifestFile = path.join(dir, 'vector-index.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  await writeFile(path.join(dir, manifest.files[role].file), bytes);
  manifest.files[role].bytes = bytes.length;
  manifest.files[role].crc32 = crc32(bytes);
  await writeFile(manifestFile, JSON.stringify(manifest));
}

async function loadError(): Promise<unknown> {
  return loadVectorIndex(dir, { dimensions }).then(
    () => expect.fail('expected the load to fail'),
    (error: unknown) => error,
  );
}

const entries = randomEntries({ count: 20, dimensions, seed: 31 });

describe('exact index structure checks', () => {
  beforeEach(async () => {
    const index = createExactVectorIndex({ dimensions });
    index.upsert(entries);
    await saveVectorIndex(index, dir);
  });

  it('refuses a key table that repeats a key', async () => {
    const keys = entries.map((entry) => entry.key);
    keys[1] = keys[0]!;
    await replacePayload('keys', Buffer.from(JSON.stringify(keys)));
    expect(await loadError()).toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'duplicate-key' },
    });
  });

  it('refuses a key table that is not JSON, or of the wrong length', async () => {
    await replacePayload('keys', Buffer.from('["a",'));
    expect(await loadError()).toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'invalid-json' },
    });
    await replacePayload('keys', Buffer.from(JSON.stringify(['only-one'])));
    expect(await loadError()).toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'count-mismatch' },
    });
  });

  it('refuses vectors whose size does not match count x dimensions', async () => {
    await replacePayload('vectors', Buffer.alloc(4 * dimensions * 3));
    expect(await loadError()).toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'count-mismatch' },
    });
  });
});

describe('HNSW index structure checks', () => {
  beforeEach(async () => {
    const index = createHnswVectorIndex({ dimensions });
    index.upsert(entries);
    await saveVectorIndex(index, dir);
  });

  it('refuses an id map that is inconsistent or names points the graph lacks', async () => {
    const ids = JSON.parse(await readFile(path.join(dir, (await manifestFiles()).ids ?? ''), 'utf8'));
    await replacePayload('ids', Buffer.from(JSON.stringify({ ...ids, labels: ids.labels.map(() => 0) })));
    expect(await loadError()).toMatchObject({
      code: ErrorCode.IndexCorrupt,
      details: { reason: 'invalid-ids' },
    });
    const shifted = {
      ...ids,
      nextLabel: ids.nextLabel + 100,
      labels: ids.labels.map((label: number) => label + 50),
    };
    await replacePayload('ids', Buffer.from(JSON.stringify(shifted)));
    const error = await loadError();
    expect(error).toMatchObject({ code: ErrorCode.IndexCorrupt, details: { reason: 'invalid-ids' } });
    expect((error as Error).message).toMatch(/graph does not hold/);
  });

  it('refuses a manifest that lists no vectors file', async () => {
    const manifestFile = path.join(dir, 'vector-index.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    const { vectors: _vectors, ...files } = manifest.files;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, files }));
    const error = await loadError();
    expect(error).toMatchObject({ code: ErrorCode.IndexCorrupt, details: { reason: 'invalid-manifest' } });
    expect((error as Error).message).toMatch(/lists no "vectors" file/);
  });

  it('refuses a graph file hnswlib cannot read', async () => {
    await replacePayload('graph', Buffer.alloc(300, 7));
    const error = await loadError();
    expect(error).toMatchObject({ code: ErrorCode.IndexCorrupt, details: { reason: 'invalid-graph' } });
  });

  async function manifestFiles(): Promise<Record<string, string>> {
    const manifest = JSON.parse(await readFile(path.join(dir, 'vector-index.json'), 'utf8'));
    return Object.fromEntries(
      Object.entries(manifest.files).map(([role, entry]) => [role, (entry as { file: string }).file]),
    );
  }
});

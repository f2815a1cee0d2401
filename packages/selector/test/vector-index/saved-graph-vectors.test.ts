import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { hnswlibStatus } from '../../src/vector-index/hnswlib.js';
import { loadVectorIndex } from '../../src/vector-index/load-vector-index.js';
import {
  readSavedGraphVectors,
  type SavedGraphVectors,
  scanSavedGraphFile,
} from '../../src/vector-index/saved-graph-vectors.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';
import { randomEntries } from './random-vectors.js';

const dimensions = 32;
let dir: string;
let graphFile: string;
let graph: Buffer;
let fromBytes: SavedGraphVectors;
const readVector = (label: number) => new Float32Array(dimensions).fill(label);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-graph-'));
  // Removed and re-added keys reuse deleted slots, so labels are not their elements' numbers.
  const entries = randomEntries({ count: 500, dimensions, seed: 5 });
  const index = createHnswVectorIndex({ dimensions, initialCapacity: 64 });
  index.upsert(entries);
  index.remove(entries.filter((_, i) => i % 4 === 0).map((entry) => entry.key));
  index.upsert(
    randomEntries({ count: 60, dimensions, seed: 6 }).map((entry) => ({ ...entry, key: `new-${entry.key}` })),
  );
  await index.save(dir);
  const name = (await readdir(dir)).find((file) => file.endsWith('.graph'));
  graphFile = path.join(dir, name ?? '');
  graph = await readFile(graphFile);
  const read = readSavedGraphVectors(graph, { dimensions, count: 0 });
  if (typeof read === 'string') throw new Error(read);
  fromBytes = read;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('scanSavedGraphFile', () => {
  it.each([
    ['one read', undefined],
    ['reads of a few elements', 1_000],
    ['reads smaller than an element', 100],
  ])('finds what reading the whole file finds, with its CRC-32 (%s)', (_, chunkBytes) => {
    const scanned = scanSavedGraphFile(graphFile, {
      dimensions,
      readVector,
      ...(chunkBytes ? { chunkBytes } : {}),
    });
    expect(scanned.bytes).toBe(graph.byteLength);
    expect(scanned.crc32).toBe(crc32(graph));
    if (typeof scanned.vectors === 'string') throw new Error(scanned.vectors);
    expect(scanned.vectors.data).toHaveLength(0);
    let present = 0;
    for (let label = 0; label < 700; label++) {
      expect(scanned.vectors.hasLabel(label)).toBe(fromBytes.hasLabel(label));
      expect(scanned.vectors.offsetOf(label)).toBe(fromBytes.offsetOf(label));
      if (fromBytes.hasLabel(label)) present += 1;
    }
    expect(present).toBeGreaterThan(400);
    expect(scanned.vectors.vectorOf(3)?.[0]).toBe(fromBytes.hasLabel(3) ? 3 : undefined);
  });

  it.each([
    ['a header that lies about the layout', (bytes: Buffer) => bytes.writeBigUInt64LE(7n, 24)],
    ['more elements than the file holds', (bytes: Buffer) => bytes.writeBigUInt64LE(1_000_000n, 16)],
    [
      'a label past 32 bits',
      (bytes: Buffer) => bytes.writeUInt32LE(1, 96 + Number(bytes.readBigUInt64LE(32)) + 4),
    ],
    ['no header', (bytes: Buffer) => bytes.subarray(0, 50)],
  ])('reports %s as reading the bytes does, and still checksums the whole file', async (_, damage) => {
    const damaged = Buffer.from(graph);
    const written = damage(damaged);
    const bytes = Buffer.isBuffer(written) ? written : damaged;
    const file = path.join(dir, 'damaged.graph');
    await writeFile(file, bytes);
    const expected = readSavedGraphVectors(bytes, { dimensions, count: 0 });
    expect(typeof expected).toBe('string');
    for (const chunkBytes of [undefined, 1_000]) {
      const scanned = scanSavedGraphFile(file, {
        dimensions,
        readVector,
        ...(chunkBytes ? { chunkBytes } : {}),
      });
      expect(scanned.vectors).toBe(expected);
      expect(scanned).toMatchObject({ bytes: bytes.byteLength, crc32: crc32(bytes), elements: 0 });
    }
  });
});

describe('loadVectorIndex, with and without the hnswlib-node patch', () => {
  /** Load with `innerProductsAt` hidden from the addon's graphs, as an install without this workspace's patch has it. */
  async function loadUnpatched(): Promise<VectorIndex> {
    const status = hnswlibStatus();
    if (!status.available) throw new Error(status.reason);
    const addon = status.hnswlib as { HierarchicalNSW: typeof status.hnswlib.HierarchicalNSW };
    const Patched = addon.HierarchicalNSW;
    addon.HierarchicalNSW = class extends Patched {
      constructor(...args: ConstructorParameters<typeof Patched>) {
        super(...args);
        Object.defineProperty(this, 'innerProductsAt', { value: undefined });
      }
    };
    try {
      return await loadVectorIndex(dir, { dimensions });
    } finally {
      addon.HierarchicalNSW = Patched;
    }
  }

  it('gives the same vectors and searches either way; only the unpatched load keeps the file bytes', async () => {
    const patched = await loadVectorIndex(dir, { dimensions });
    const plain = await loadUnpatched();
    const keys = randomEntries({ count: 500, dimensions, seed: 5 })
      .map((entry) => entry.key)
      .filter((key) => patched.has(key));
    expect(keys.length).toBeGreaterThan(300);
    for (const key of keys.slice(0, 50)) expect(plain.vector(key)).toEqual(patched.vector(key));
    const query = patched.vector(keys[0]!)!;
    expect(plain.search(query, 10)).toEqual(patched.search(query, 10));
    const located = (index: VectorIndex) => index.locateVectors([{ key: keys[0]! }], new Int32Array(1));
    expect(located(patched)).toHaveLength(0);
    expect(located(plain)?.length).toBeGreaterThan(0);
  });
});

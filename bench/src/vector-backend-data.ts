// Data of the vector-backend bench (vector-backends.ts): real use-lite vectors from the bench embedding cache, and
// the flat float32 files the bench's child processes read them from.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchCacheDir } from './bench-selector.js';
import { gaussian, normalise, seededRandom } from './seeded-random.js';

/** Vectors side by side, `dimensions` numbers each. */
export interface VectorSet {
  data: Float32Array;
  count: number;
  dimensions: number;
}

/**
 * `size` unit vectors for the index and the vectors of `queries` (bench prompts), all from the bench embedding
 * cache (texts embedded by earlier bench runs: tool views and prompts). The prompts' own vectors are kept out of
 * the index; above the cache's size, real vectors are repeated with a small perturbation (cosine ~0.9 to their
 * source), as the scale bench's catalogs are.
 */
export async function realVectors(options: {
  size: number;
  queries: readonly string[];
}): Promise<{ dataset: VectorSet; queries: VectorSet }> {
  const cache = await readEmbeddingCache();
  const { dimensions } = cache;
  const queryHashes = new Set(options.queries.map((text) => sha256(text)));
  const queryRows: number[] = [];
  const rowOfHash = new Map<string, number>();
  for (const [row, hash] of cache.hashes.entries()) rowOfHash.set(hash, row);
  for (const text of options.queries) {
    const row = rowOfHash.get(sha256(text));
    if (row !== undefined) queryRows.push(row);
  }
  const datasetRows = cache.hashes.flatMap((hash, row) => (queryHashes.has(hash) ? [] : [row]));
  const dataset = new Float32Array(options.size * dimensions);
  const random = seededRandom(options.size);
  for (let index = 0; index < options.size; index++) {
    const row = datasetRows[index % datasetRows.length]!;
    const target = dataset.subarray(index * dimensions, (index + 1) * dimensions);
    target.set(cache.data.subarray(row * dimensions, (row + 1) * dimensions));
    if (index >= datasetRows.length)
      for (let i = 0; i < dimensions; i++) target[i]! += 0.02 * gaussian(random);
    normalise(target);
  }
  const queries = new Float32Array(queryRows.length * dimensions);
  queryRows.forEach((row, index) => {
    queries.set(cache.data.subarray(row * dimensions, (row + 1) * dimensions), index * dimensions);
  });
  return {
    dataset: { data: dataset, count: options.size, dimensions },
    queries: { data: queries, count: queryRows.length, dimensions },
  };
}

/** Write a vector set as a flat float32 file (the reader is told the dimensions). */
export async function writeVectors(file: string, vectors: VectorSet): Promise<void> {
  await writeFile(
    file,
    new Uint8Array(vectors.data.buffer, vectors.data.byteOffset, vectors.data.byteLength),
  );
}

/** Read a flat float32 file written by `writeVectors`. */
export async function readVectors(file: string, dimensions: number): Promise<VectorSet> {
  const bytes = await readFile(file);
  const data = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(data.buffer).set(bytes);
  return { data, count: data.length / dimensions, dimensions };
}

/** Vector `index` of a set (a view). */
export function vectorAt(vectors: VectorSet, index: number): Float32Array {
  return vectors.data.subarray(index * vectors.dimensions, (index + 1) * vectors.dimensions);
}

// --- internal ---

/** The use-lite file of the bench embedding cache (format: `createFileEmbeddingStore`), read without the map. */
async function readEmbeddingCache(): Promise<{ hashes: string[]; data: Float32Array; dimensions: number }> {
  const dir = path.join(benchCacheDir, 'embeddings');
  const name = (await readdir(dir)).find((entry) => entry.startsWith('use-lite-'));
  if (name === undefined)
    throw new Error(`no use-lite embedding cache in ${dir}: run pnpm bench:speed first`);
  const bytes = await readFile(path.join(dir, name));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const headerBytes = Math.ceil((20 + view.getUint32(16, true)) / 4) * 4;
  const hashes = Array.from({ length: count }, (_, row) =>
    bytes.subarray(headerBytes + row * 32, headerBytes + (row + 1) * 32).toString('hex'),
  );
  const start = headerBytes + count * 32;
  const data = new Float32Array(count * dimensions);
  new Uint8Array(data.buffer).set(bytes.subarray(start, start + count * dimensions * 4));
  return { hashes, data, dimensions };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

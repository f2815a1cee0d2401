import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddingEntries, EmbeddingStore } from '@toolsift/selector';

/**
 * An embedding store for the bench: entries live in memory and reach disk on `flush()` (and at most every 30 s
 * on save), so embedding thousands of queries one by one does not rewrite the cache file after each of them.
 * File layout: JSON header line {dimensions, keys}, then the float32 vectors.
 */
export function createBenchEmbeddingStore(dir: string): EmbeddingStore & { flush(): Promise<void> } {
  const loaded = new Map<string, EmbeddingEntries>();
  const dirty = new Set<string>();
  let lastFlush = 0;
  const fileOf = (embedderId: string) =>
    path.join(dir, `${embedderId.replace(/[^A-Za-z0-9._-]+/g, '_')}.bench-embeddings`);
  return {
    async load(embedderId, dimensions) {
      const known = loaded.get(embedderId);
      if (known !== undefined) return known;
      const entries: EmbeddingEntries = new Map();
      try {
        const bytes = await readFile(fileOf(embedderId));
        const newline = bytes.indexOf(10);
        const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as {
          dimensions: number;
          keys: string[];
        };
        if (header.dimensions === dimensions) {
          const vectors = new Float32Array(new Uint8Array(bytes.subarray(newline + 1)).buffer);
          for (const [row, key] of header.keys.entries()) {
            entries.set(key, vectors.slice(row * dimensions, (row + 1) * dimensions));
          }
        }
      } catch {
        // No bench cache yet: start from the library's embedding cache file when there is one.
        await readLibraryCache(dir, embedderId, dimensions, entries);
      }
      loaded.set(embedderId, entries);
      return entries;
    },
    async save(embedderId, entries) {
      loaded.set(embedderId, entries);
      dirty.add(embedderId);
      // Write at once after a big batch, at most every 30 s while queries are embedded one by one.
      if (Date.now() - lastFlush > 30_000) await this.flush();
    },
    async flush() {
      lastFlush = Date.now();
      await mkdir(dir, { recursive: true });
      for (const embedderId of dirty) {
        const entries = loaded.get(embedderId) ?? new Map();
        const keys = [...entries.keys()];
        const dimensions = entries.values().next().value?.length ?? 0;
        const matrix = new Float32Array(keys.length * dimensions);
        for (const [row, key] of keys.entries()) matrix.set(entries.get(key)!, row * dimensions);
        const header = Buffer.from(`${JSON.stringify({ dimensions, keys })}\n`);
        const temp = `${fileOf(embedderId)}.tmp-${process.pid}`;
        await writeFile(temp, Buffer.concat([header, Buffer.from(matrix.buffer)]));
        await rename(temp, fileOf(embedderId));
      }
      dirty.clear();
    },
  };
}

// --- internal ---

/** Read the `createFileEmbeddingStore` file of an embedder (magic, dims, count, id, keys, vectors, trailer). */
async function readLibraryCache(
  dir: string,
  embedderId: string,
  dimensions: number,
  entries: EmbeddingEntries,
): Promise<void> {
  const { readdir } = await import('node:fs/promises');
  const slug = embedderId.replace(/[^A-Za-z0-9._-]+/g, '_');
  const name = (await readdir(dir).catch(() => [])).find(
    (file) => file.startsWith(`${slug}-`) && file.endsWith('.embeddings'),
  );
  if (name === undefined) return;
  const bytes = await readFile(path.join(dir, name));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.subarray(0, 8).toString('latin1') !== 'TSEMB001' || view.getUint32(8, true) !== dimensions)
    return;
  const count = view.getUint32(12, true);
  const header = Math.ceil((20 + view.getUint32(16, true)) / 4) * 4;
  const vectors = new Float32Array(
    new Uint8Array(bytes.subarray(header + count * 32, header + count * 32 + count * dimensions * 4)).buffer,
  );
  for (let row = 0; row < count; row++) {
    const key = bytes.subarray(header + row * 32, header + (row + 1) * 32).toString('hex');
    entries.set(key, vectors.slice(row * dimensions, (row + 1) * dimensions));
  }
}

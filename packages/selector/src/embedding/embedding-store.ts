import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../shared/atomic-file.js';

/** Cached vectors of one embedder, keyed by the hex sha256 of the text. */
export type EmbeddingEntries = Map<string, Float32Array>;

/** Where cached embeddings are kept: one set of entries per embedder id. */
export interface EmbeddingStore {
  /** The entries saved for `embedderId` (empty when none, or when the saved data is unreadable). */
  load(embedderId: string, dimensions: number): Promise<EmbeddingEntries>;
  /** Replace the entries saved for `embedderId`. */
  save(embedderId: string, entries: EmbeddingEntries): Promise<void>;
}

/** A store that keeps entries in memory only (tests, short-lived processes). */
export function createMemoryEmbeddingStore(): EmbeddingStore {
  const saved = new Map<string, EmbeddingEntries>();
  return {
    async load(embedderId) {
      return new Map(saved.get(embedderId));
    },
    async save(embedderId, entries) {
      saved.set(embedderId, new Map(entries));
    },
  };
}

/** A file store; `flush` writes any save deferred by `writeEveryMs`. */
export interface FileEmbeddingStore extends EmbeddingStore {
  flush(): Promise<void>;
}

/**
 * A store of one compact binary file per embedder in `dir`, written atomically:
 * header (magic, dimensions, count, id), `count` 32-byte text hashes, `count` float32 vectors, sha256 trailer.
 * Each save rewrites the whole file; with `writeEveryMs`, saves within that interval of the last write stay in
 * memory until the next due save or `flush()` (for callers that embed thousands of texts one call at a time).
 */
export function createFileEmbeddingStore(
  dir: string,
  options: { writeEveryMs?: number } = {},
): FileEmbeddingStore {
  const fileOf = (embedderId: string) => {
    const slug = embedderId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
    const hash = createHash('sha256').update(embedderId).digest('hex').slice(0, 10);
    return path.join(dir, `${slug}-${hash}.embeddings`);
  };
  const pending = new Map<string, EmbeddingEntries>();
  let lastWrite = 0;
  const write = async (embedderId: string, entries: EmbeddingEntries) => {
    await mkdir(dir, { recursive: true });
    await writeFileAtomic(fileOf(embedderId), encode(embedderId, entries));
  };
  const flush = async () => {
    lastWrite = Date.now();
    for (const [embedderId, entries] of pending) await write(embedderId, entries);
    pending.clear();
  };
  return {
    async load(embedderId, dimensions) {
      const unsaved = pending.get(embedderId);
      if (unsaved !== undefined) return unsaved;
      const bytes = await readFile(fileOf(embedderId)).catch(() => undefined);
      return bytes === undefined ? new Map() : (decode(bytes, { embedderId, dimensions }) ?? new Map());
    },
    async save(embedderId, entries) {
      pending.set(embedderId, entries);
      if (options.writeEveryMs === undefined || Date.now() - lastWrite >= options.writeEveryMs) await flush();
    },
    flush,
  };
}

// --- internal ---

const MAGIC = 'TSEMB001';
const KEY_BYTES = 32;
const TRAILER_BYTES = 32;

function encode(embedderId: string, entries: EmbeddingEntries): Uint8Array {
  const id = new TextEncoder().encode(embedderId);
  const first = entries.values().next().value;
  const dimensions = first?.length ?? 0;
  const headerBytes = align4(8 + 12 + id.length);
  const count = entries.size;
  const body = headerBytes + count * KEY_BYTES + count * dimensions * 4;
  const bytes = new Uint8Array(body + TRAILER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(8, dimensions, true);
  view.setUint32(12, count, true);
  view.setUint32(16, id.length, true);
  bytes.set(id, 20);
  let keyOffset = headerBytes;
  let vectorOffset = headerBytes + count * KEY_BYTES;
  for (const [key, vector] of entries) {
    bytes.set(Buffer.from(key, 'hex'), keyOffset);
    keyOffset += KEY_BYTES;
    for (const value of vector) {
      view.setFloat32(vectorOffset, value, true);
      vectorOffset += 4;
    }
  }
  bytes.set(createHash('sha256').update(bytes.subarray(0, body)).digest(), body);
  return bytes;
}

/** The entries of a file, or undefined when it is damaged or belongs to another embedder or size. */
function decode(
  bytes: Uint8Array,
  expected: { embedderId: string; dimensions: number },
): EmbeddingEntries | undefined {
  const { embedderId, dimensions } = expected;
  if (bytes.length < 20 + TRAILER_BYTES || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC)
    return undefined;
  const body = bytes.length - TRAILER_BYTES;
  const checksum = createHash('sha256').update(bytes.subarray(0, body)).digest();
  if (!checksum.equals(bytes.subarray(body))) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const storedDimensions = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const idLength = view.getUint32(16, true);
  const headerBytes = align4(8 + 12 + idLength);
  if (new TextDecoder().decode(bytes.subarray(20, 20 + idLength)) !== embedderId) return undefined;
  if (count > 0 && storedDimensions !== dimensions) return undefined;
  if (headerBytes + count * (KEY_BYTES + storedDimensions * 4) !== body) return undefined;
  const entries: EmbeddingEntries = new Map();
  let vectorOffset = headerBytes + count * KEY_BYTES;
  for (let index = 0; index < count; index++) {
    const keyOffset = headerBytes + index * KEY_BYTES;
    const vector = new Float32Array(storedDimensions);
    for (let dimension = 0; dimension < storedDimensions; dimension++) {
      vector[dimension] = view.getFloat32(vectorOffset, true);
      vectorOffset += 4;
    }
    entries.set(Buffer.from(bytes.subarray(keyOffset, keyOffset + KEY_BYTES)).toString('hex'), vector);
  }
  return entries;
}

function align4(value: number): number {
  return Math.ceil(value / 4) * 4;
}

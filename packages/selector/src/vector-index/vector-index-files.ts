import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from '../shared/checksum.js';
import {
  createVectorIndexManifest,
  describeError,
  indexCorrupt,
  VECTOR_INDEX_MANIFEST,
  VECTOR_INDEX_PAYLOAD_NAME,
  type VectorIndexFileEntry,
  type VectorIndexManifest,
} from './vector-index-manifest.js';

/** One payload to save: bytes in memory, or a writer that creates the file at the given path. */
export type VectorIndexPayload = { bytes: Uint8Array } | { write: (file: string) => Promise<void> };

/**
 * Save payload files and then the manifest, each atomically (temp file, fsync, rename). Payload names carry a
 * fresh generation, so a reader sees either the previous complete index or the new one; stale generations are
 * removed after the manifest is committed.
 */
export async function saveVectorIndexFiles(
  dir: string,
  options: Pick<VectorIndexManifest, 'kind' | 'dimensions' | 'count'> & {
    params?: Record<string, number>;
    payload: Record<string, VectorIndexPayload>;
  },
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const generation = randomBytes(6).toString('hex');
  const files: VectorIndexManifest['files'] = {};
  for (const [role, payload] of Object.entries(options.payload)) {
    const file = `vector-index.${generation}.${role}`;
    files[role] = { file, ...(await writeAtomic(path.join(dir, file), payload)) };
  }
  const { kind, dimensions, count } = options;
  const manifest = createVectorIndexManifest({
    kind,
    dimensions,
    count,
    params: options.params ?? {},
    files,
  });
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await writeAtomic(path.join(dir, VECTOR_INDEX_MANIFEST), { bytes: manifestBytes });
  const keep = new Set(Object.values(files).map((entry) => entry.file));
  for (const name of await readdir(dir)) {
    if (VECTOR_INDEX_PAYLOAD_NAME.test(name) && !keep.has(name))
      await rm(path.join(dir, name), { force: true });
  }
}

/**
 * Read one payload after checking its size and CRC-32 against the manifest. With `into` (exactly the
 * payload's size) the bytes land there, so a large payload is not copied again.
 */
export async function readVectorIndexPayload(
  dir: string,
  manifest: VectorIndexManifest,
  role: string,
  into?: Uint8Array,
): Promise<Uint8Array> {
  const file = await checkVectorIndexPayloadSize(dir, manifest, role);
  const entry = manifest.files[role]!;
  const target =
    into !== undefined && into.byteLength === entry.bytes ? into : Buffer.allocUnsafe(entry.bytes);
  let read: { bytes: number; crc32: number };
  try {
    read = await readChecksummed(file, target);
  } catch (error) {
    throw indexCorrupt(dir, `cannot read ${entry.file} (${describeError(error)})`, 'missing-file', error);
  }
  checkPayload(dir, entry, read.bytes, read.crc32);
  return target;
}

/**
 * Check a payload's size and CRC-32 against the manifest without keeping its bytes: read through two 4 MiB chunks
 * (for a payload another reader parses, such as hnswlib its graph).
 */
export async function verifyVectorIndexPayload(
  dir: string,
  manifest: VectorIndexManifest,
  role: string,
): Promise<void> {
  const file = await checkVectorIndexPayloadSize(dir, manifest, role);
  const entry = manifest.files[role]!;
  let read: { bytes: number; crc32: number };
  try {
    read = await readChecksummed(file);
  } catch (error) {
    throw indexCorrupt(dir, `cannot read ${entry.file} (${describeError(error)})`, 'missing-file', error);
  }
  checkPayload(dir, entry, read.bytes, read.crc32);
}

/** Check that a payload file exists with the size the manifest records; returns its path. */
export async function checkVectorIndexPayloadSize(
  dir: string,
  manifest: VectorIndexManifest,
  role: string,
): Promise<string> {
  const { file, entry } = payloadEntry(dir, manifest, role);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    throw indexCorrupt(dir, `cannot read ${entry.file} (${describeError(error)})`, 'missing-file', error);
  }
  checkPayload(dir, entry, size, entry.crc32);
  return file;
}

// --- internal ---

const SCRATCH_CHUNK = 4 << 20;

async function writeAtomic(
  target: string,
  payload: VectorIndexPayload,
): Promise<{ bytes: number; crc32: number }> {
  const temp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    if ('bytes' in payload) {
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(payload.bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } else {
      await payload.write(temp);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    const result =
      'bytes' in payload
        ? { bytes: payload.bytes.byteLength, crc32: crc32(payload.bytes) }
        : await readChecksummed(temp);
    await rename(temp, target);
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Read a file and checksum it. With `target` the bytes land there in one read (a single job on the thread pool,
 * which goes on while this thread is busy elsewhere; chunks would each wait for this thread), then the checksum
 * is taken. Without, two scratch chunks take turns, each checksummed while the next one is read.
 */
async function readChecksummed(file: string, target?: Uint8Array): Promise<{ bytes: number; crc32: number }> {
  const handle = await open(file, 'r');
  try {
    if (target !== undefined) {
      let position = 0;
      while (position < target.byteLength) {
        const { bytesRead } = await handle.read(target, position, target.byteLength - position, position);
        if (bytesRead === 0) break;
        position += bytesRead;
      }
      return { bytes: position, crc32: crc32(target.subarray(0, position)) };
    }
    let checksum = 0;
    const scratch = [Buffer.allocUnsafe(SCRATCH_CHUNK), Buffer.allocUnsafe(SCRATCH_CHUNK)];
    let position = 0;
    let turn = 0;
    let chunk = scratch[0]!;
    let pending = handle.read(chunk, 0, chunk.byteLength, 0);
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) break;
      const done = chunk.subarray(0, bytesRead);
      position += bytesRead;
      turn += 1;
      chunk = scratch[turn % 2]!;
      pending = handle.read(chunk, 0, chunk.byteLength, position);
      checksum = crc32(done, checksum);
    }
    return { bytes: position, crc32: checksum };
  } finally {
    await handle.close();
  }
}

function payloadEntry(dir: string, manifest: VectorIndexManifest, role: string) {
  const entry = manifest.files[role];
  if (entry === undefined)
    throw indexCorrupt(dir, `the manifest lists no "${role}" file`, 'invalid-manifest');
  return { file: path.join(dir, entry.file), entry };
}

function checkPayload(dir: string, entry: VectorIndexFileEntry, size: number, checksum: number): void {
  if (size !== entry.bytes) {
    const how = size < entry.bytes ? 'truncated' : 'too long';
    throw indexCorrupt(
      dir,
      `${entry.file} is ${how} (${size} bytes, expected ${entry.bytes})`,
      'size-mismatch',
    );
  }
  if (checksum !== entry.crc32)
    throw indexCorrupt(dir, `${entry.file} fails its checksum (CRC-32)`, 'checksum-mismatch');
}

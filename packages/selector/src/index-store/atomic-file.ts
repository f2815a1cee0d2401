import crypto, { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/** Size and CRC-32 of a written file, as the index manifest records them. */
export interface FileEntry {
  file: string;
  bytes: number;
  crc32: number;
}

/** Write bytes to `target` atomically (temp file in the same folder, fsync, rename) and return its entry. */
export async function writeFileAtomic(target: string, bytes: Uint8Array): Promise<Omit<FileEntry, 'file'>> {
  const temp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { bytes: bytes.byteLength, crc32: crc32(bytes) };
}

/**
 * Create a folder and its missing parents. Node's `mkdir(dir, { recursive: true })` never returns on paths such as
 * `/proc/nope` (ENOENT and EEXIST in turn, at 100% CPU); this walks up once per level, so it ends with an error.
 */
export async function makeDirectory(dir: string): Promise<void> {
  if (await tryMakeDirectory(dir)) return;
  const parent = path.dirname(dir);
  if (parent !== dir) await makeDirectory(parent);
  if (!(await tryMakeDirectory(dir))) await mkdir(dir); // throws the ENOENT (or whatever the folder refuses)
}

/**
 * CRC-32 (the zlib one) of bytes, continuing from `previous` when the bytes come in chunks. Index payloads carry
 * it to catch accidental damage (torn writes, flipped bits, a file from another save) together with their size:
 * it is several times cheaper than sha256 on the tens of megabytes a large index reloads, and nothing is gained
 * from a cryptographic hash there, since whoever can rewrite a payload can rewrite the manifest beside it.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  return HAS_ZLIB_CRC32 ? zlib.crc32(bytes, previous) : crc32InJs(bytes, previous);
}

/** Hex sha256 of bytes or of a text (UTF-8). */
export function sha256(data: string | Uint8Array): string {
  return HAS_ONE_SHOT_HASH
    ? crypto.hash('sha256', data, 'hex')
    : crypto.createHash('sha256').update(data).digest('hex');
}

// --- internal ---

// One-shot `crypto.hash` (Node >= 20.12) is several times faster than a Hash object for short texts, which
// matters when a reload hashes every tool of a 100k catalog; both give the same digest.
const HAS_ONE_SHOT_HASH = typeof (crypto as { hash?: unknown }).hash === 'function';

// `zlib.crc32` exists from Node 20.15 / 22.2; older Node 20 releases use the table-driven version below.
const HAS_ZLIB_CRC32 = typeof (zlib as { crc32?: unknown }).crc32 === 'function';

/** Make one folder: true when it exists now, false when its parent is missing (ENOENT); other errors throw. */
async function tryMakeDirectory(dir: string): Promise<boolean> {
  try {
    await mkdir(dir);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST' && (await stat(dir)).isDirectory()) return true;
    throw error;
  }
}

let crcTable: Int32Array | undefined;

function crc32InJs(bytes: Uint8Array, previous: number): number {
  crcTable ??= Int32Array.from({ length: 256 }, (_, byte) => {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value;
  });
  let crc = ~previous;
  for (let index = 0; index < bytes.length; index++)
    crc = crcTable[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

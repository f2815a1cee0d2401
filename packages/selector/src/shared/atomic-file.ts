import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from './checksum.js';

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

// --- internal ---

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

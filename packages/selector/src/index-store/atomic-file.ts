import crypto, { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/** Size and sha256 of a written file, as the index manifest records them. */
export interface FileEntry {
  file: string;
  bytes: number;
  sha256: string;
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
  return { bytes: bytes.byteLength, sha256: sha256(bytes) };
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

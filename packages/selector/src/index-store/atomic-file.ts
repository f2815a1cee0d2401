import { createHash, randomBytes } from 'node:crypto';
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

/** Hex sha256 of bytes. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

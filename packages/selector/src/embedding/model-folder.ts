import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** Name of the manifest written last into a model folder: its key plus the size and sha256 of every file. */
export const MODEL_MANIFEST_FILE = 'manifest.json';

/**
 * True when `dir` holds a complete model for `key`: the manifest names the same key, and every file it lists
 * has the recorded size and sha256. A partial, corrupt or outdated folder is false.
 *
 * Hashing the files reads the whole model (28 MB for use-lite: 80-130 ms at every start of a process), so a full
 * check that passes leaves a stamp (`verified.json`) with the size, inode, mtime and ctime of each file it read,
 * the manifest included. While every file still matches its stamp the folder is valid without being read again:
 * a write, truncation, replacement or `touch` changes the ctime at least, which sends the next check back to the
 * hashes.
 */
export async function isModelFolderValid(dir: string, key: string): Promise<boolean> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MODEL_MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  if (manifest?.format !== FORMAT || manifest.key !== key || typeof manifest.files !== 'object') return false;
  const files = [MODEL_MANIFEST_FILE, ...Object.keys(manifest.files)];
  const stamps = await statsOf(dir, files);
  if (stamps === undefined) return false;
  if (await matchesStamp(dir, key, stamps)) return true;
  for (const [file, expected] of Object.entries(manifest.files)) {
    if (stamps[file]?.bytes !== expected.bytes) return false;
    try {
      if ((await sha256OfFile(path.join(dir, file))) !== expected.sha256) return false;
    } catch {
      return false;
    }
  }
  // Best effort: a read-only cache only means the next start hashes again.
  await writeFile(path.join(dir, VERIFIED_FILE), JSON.stringify({ key, files: stamps })).catch(
    () => undefined,
  );
  return true;
}

/**
 * Install `files` (relative path -> bytes) as the model folder `dir`: write them and the manifest into a temp
 * sibling, then rename it into place. Concurrent installers are safe: a valid folder that appears first wins,
 * and an invalid one is moved aside before the rename is retried.
 */
export async function installModelFolder(options: {
  dir: string;
  key: string;
  files: ReadonlyMap<string, Uint8Array>;
}): Promise<void> {
  const { dir, key } = options;
  const temp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const manifest: Manifest = { format: FORMAT, key, files: {} };
  try {
    for (const [file, bytes] of [...options.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const target = path.join(temp, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      manifest.files[file] = {
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    }
    await writeFile(path.join(temp, MODEL_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await rename(temp, dir);
        return;
      } catch (error) {
        if (!isDirectoryInTheWay(error)) throw error;
      }
      if (await isModelFolderValid(dir, key)) return;
      // A broken folder is in the way: move it aside (another process may do the same; ENOENT is fine).
      const stale = `${dir}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
      await rename(dir, stale).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rm(stale, { recursive: true, force: true });
    }
    throw new ToolsiftError(
      ErrorCode.ModelConversionFailed,
      `Could not install the model folder ${dir}: another process keeps replacing it.`,
      { dir },
    );
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

// --- internal ---

const FORMAT = 1;

interface Manifest {
  format: number;
  key: string;
  files: Record<string, { bytes: number; sha256: string }>;
}

function isDirectoryInTheWay(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM' || code === 'EACCES';
}

/** Written into a model folder after a full check passed: the file stats it saw (see `isModelFolderValid`). */
const VERIFIED_FILE = 'verified.json';

interface FileStamp {
  bytes: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** The stamp of each file, or undefined when one cannot be read. */
async function statsOf(
  dir: string,
  files: readonly string[],
): Promise<Record<string, FileStamp> | undefined> {
  const stamps: Record<string, FileStamp> = {};
  for (const file of files) {
    try {
      const { size, ino, mtimeMs, ctimeMs } = await stat(path.join(dir, file));
      stamps[file] = { bytes: size, ino, mtimeMs, ctimeMs };
    } catch {
      return undefined;
    }
  }
  return stamps;
}

async function matchesStamp(dir: string, key: string, stamps: Record<string, FileStamp>): Promise<boolean> {
  let verified: { key?: unknown; files?: Record<string, Partial<FileStamp>> };
  try {
    verified = JSON.parse(await readFile(path.join(dir, VERIFIED_FILE), 'utf8'));
  } catch {
    return false;
  }
  if (verified?.key !== key || typeof verified.files !== 'object' || verified.files === null) return false;
  const files = Object.keys(stamps);
  if (Object.keys(verified.files).length !== files.length) return false;
  return files.every((file) => {
    const seen = verified.files?.[file];
    const now = stamps[file];
    return (
      seen !== undefined &&
      now !== undefined &&
      seen.bytes === now.bytes &&
      seen.ino === now.ino &&
      seen.mtimeMs === now.mtimeMs &&
      seen.ctimeMs === now.ctimeMs
    );
  });
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

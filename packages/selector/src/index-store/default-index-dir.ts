import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '../shared/atomic-file.js';
import { userCacheDir } from '../shared/user-cache-dir.js';
import { hashText } from './content-hash.js';

/** What the default index folder of a catalog depends on. */
export interface DefaultIndexDirOptions {
  catalogPaths: readonly string[];
  embedderId: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Where the index of a catalog lives by default: `.toolsift/<catalog>-<hash>/` beside the catalog (beside the
 * folder, or in the folder of the file), or under the user's cache dir when that place is not writable. The
 * hash covers the catalog paths and the embedder id, so catalogs and embedders never share a folder.
 */
export async function defaultIndexDir(options: DefaultIndexDirOptions): Promise<string> {
  const { beside, name, inCache } = indexDirPlaces(options);
  if (await isWritable(beside)) return path.join(beside, name);
  return inCache;
}

/**
 * The folder `defaultIndexDir` would give, if it exists already; undefined when it does not. Nothing is created:
 * the folder beside the catalog counts only where it could be written to, as `defaultIndexDir` decides.
 */
export async function existingDefaultIndexDir(options: DefaultIndexDirOptions): Promise<string | undefined> {
  const { beside, name, inCache } = indexDirPlaces(options);
  const dir = (await isWritableFolder(beside)) ? path.join(beside, name) : inCache;
  return (await isFolder(dir)) ? dir : undefined;
}

// --- internal ---

/** The `.toolsift` folder beside the catalog, the index's name in it, and the fallback folder in the user cache. */
function indexDirPlaces(options: DefaultIndexDirOptions): { beside: string; name: string; inCache: string } {
  const resolved = options.catalogPaths.map((entry) => path.resolve(options.cwd, entry)).sort();
  const first = resolved[0] ?? path.resolve(options.cwd);
  const base = path.basename(first).replace(/[^A-Za-z0-9._-]+/g, '_') || 'catalog';
  const name = `${base}-${hashText(JSON.stringify([resolved, options.embedderId])).slice(0, 10)}`;
  return {
    beside: path.join(path.dirname(first), '.toolsift'),
    name,
    inCache: path.join(userCacheDir(options.env), 'indexes', name),
  };
}

async function isWritableFolder(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.W_OK);
    return await isFolder(dir);
  } catch {
    return false;
  }
}

async function isFolder(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function isWritable(dir: string): Promise<boolean> {
  try {
    await makeDirectory(dir);
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { userCacheDir } from '../shared/user-cache-dir.js';
import { hashText } from './content-hash.js';

/**
 * What a default index folder is for: a catalog read from paths (its folder goes beside them), or anything else
 * named by `key` (tools defined in code, a gateway's config file), whose folder goes in the user cache dir.
 */
export type IndexPlace = { catalogPaths: readonly string[] } | { name: string; key: string };

/** What `defaultIndexDir` takes. */
export interface DefaultIndexDirOptions {
  place: IndexPlace;
  embedderId: string;
  /** What relative catalog paths resolve against (default `process.cwd()`). */
  cwd?: string;
  /** Where the user cache dir is looked up (`TOOLSIFT_CACHE_DIR`...); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The one place default index folders are decided, for every caller (selectors, the framework drop-ins, the
 * gateway): `<name>-<hash>` in `.toolsift/` beside a catalog of paths (beside its folder, or in the folder of its
 * file) when that can be written, else in `<user cache dir>/indexes/`. The hash (10 hex digits) covers the catalog
 * paths (or `key`) and the embedder id, so two catalogs, or two embedders, never share a folder. Nothing is created.
 * @example const dir = await defaultIndexDir({ place: { name: 'gateway.json', key: configFile }, embedderId: DEFAULT_EMBEDDER_ID });
 */
export async function defaultIndexDir(options: DefaultIndexDirOptions): Promise<string> {
  const { place, embedderId } = options;
  const inCache = (name: string, key: unknown): string =>
    path.join(
      userCacheDir(options.env ?? process.env),
      'indexes',
      `${safeName(name)}-${hashText(JSON.stringify([key, embedderId])).slice(0, HASH_LENGTH)}`,
    );
  if (!('catalogPaths' in place)) return inCache(place.name, place.key);
  const cwd = options.cwd ?? process.cwd();
  const resolved = place.catalogPaths.map((entry) => path.resolve(cwd, entry)).sort();
  const first = resolved[0] ?? path.resolve(cwd);
  const dir = inCache(path.basename(first) || 'catalog', resolved);
  const beside = path.join(path.dirname(first), '.toolsift');
  return (await canWriteIn(beside)) ? path.join(beside, path.basename(dir)) : dir;
}

// --- internal ---

const HASH_LENGTH = 10;

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'index';
}

/** Whether `dir` can be written to: it is a writable folder, or it is missing and its parent is one. */
async function canWriteIn(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    return canWriteIn(path.dirname(dir));
  }
  try {
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

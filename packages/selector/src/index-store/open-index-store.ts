import type { Tool } from '@toolsift/core';
import { defaultIndexDir } from './default-index-dir.js';
import { openFolderStore } from './folder-store.js';
import type { IndexStore, LoadIndexOptions } from './index-store.js';
import { openMemoryStore } from './memory-store.js';
import { hasComponentInstance, requireNoComponentInstance } from './open-tool-index.js';

/**
 * A default index folder in the user cache dir for a catalog given as tools: `<name>-<hash>`, the hash covering the
 * tools' ids and the embedder id (ids, not contents: an edited tool re-embeds only its changed views in the same
 * folder, while adding or removing one starts another).
 */
export interface CachedIndexDir {
  name: string;
}

/**
 * The store a selector keeps its index in: the folder given, the default folder (beside a catalog of paths, or in
 * the user cache dir for `CachedIndexDir`), or memory (`false`, tools given in code without a folder, or an index
 * on component instances, which no folder could reload: USAGE_ERROR with a folder).
 */
export async function openIndexStore(options: {
  indexDir: string | false | CachedIndexDir | undefined;
  catalog: string | readonly string[] | readonly Tool[];
  /** The catalog's paths (undefined for tools given in code). */
  catalogPaths: readonly string[] | undefined;
  components: Pick<LoadIndexOptions, 'lexical' | 'vectorIndex'>;
  embedderId: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether the catalog is read with the built-in loaders, whose results a folder keeps (`CatalogMemo`). */
  hasBuiltInLoaders: boolean;
}): Promise<IndexStore> {
  const { indexDir, catalogPaths, embedderId, cwd, env } = options;
  if (indexDir === false) return openMemoryStore();
  const isDefault = typeof indexDir !== 'string';
  if (isDefault && hasComponentInstance(options.components)) return openMemoryStore();
  if (indexDir === undefined && catalogPaths === undefined) return openMemoryStore();
  const dir =
    typeof indexDir === 'string'
      ? indexDir
      : await defaultIndexDir({
          place:
            indexDir === undefined
              ? { catalogPaths: catalogPaths! }
              : { name: indexDir.name, key: toolIds(options.catalog) },
          embedderId,
          cwd,
          env,
        });
  requireNoComponentInstance(dir, options.components);
  return openFolderStore({ dir, keepsCatalogMemo: catalogPaths !== undefined && options.hasBuiltInLoaders });
}

// --- internal ---

/** The sorted ids of a catalog given as tools, as the key of its cache folder (its paths, for one of paths). */
function toolIds(catalog: string | readonly string[] | readonly Tool[]): string {
  const ids = [...catalog].map((entry) => (typeof entry === 'string' ? entry : entry.id)).sort();
  return JSON.stringify(ids);
}

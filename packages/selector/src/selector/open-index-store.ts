import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import { defaultIndexDir } from '../index-store/default-index-dir.js';
import { openFolderStore } from '../index-store/folder-store.js';
import type { IndexStore, LoadIndexOptions } from '../index-store/index-store.js';
import { openMemoryStore } from '../index-store/memory-store.js';
import { hasComponentInstance, requireNoComponentInstance } from '../index-store/open-tool-index.js';

/**
 * A default index folder in the user cache dir for a catalog given as tools: `<name>-<hash>`, the hash covering the
 * tools' ids and the embedder id (ids, not contents: an edited tool re-embeds only its changed views in the same
 * folder, while adding or removing one starts another).
 */
export interface CachedIndexDir {
  name: string;
}

/**
 * A shared store instead of an index folder: a PostgreSQL URL (`postgres://` or `postgresql://`), or the URL with the
 * namespace of the deployment (default `TOOLSIFT_STORE_NAMESPACE`, else `default`). See docs/store.md.
 */
export type StoreOption = string | { url: string; namespace?: string | undefined };

/**
 * The store a selector keeps its index in: the shared store given (`store`; an index folder beside it is a
 * USAGE_ERROR), the folder given, the default folder (beside a catalog of paths, or in the user cache dir for
 * `CachedIndexDir`), or memory (`false`, tools given in code without a folder, or an index on component instances,
 * which no folder could reload: USAGE_ERROR with a folder).
 */
export async function openIndexStore(options: {
  store?: StoreOption | undefined;
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
  if (options.store !== undefined) return openSharedStore(options.store, indexDir, env);
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

/** The PostgreSQL store, whose code (and driver) load only when one is asked for. */
async function openSharedStore(
  store: StoreOption,
  indexDir: string | false | CachedIndexDir | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<IndexStore> {
  const { url, namespace } = typeof store === 'string' ? { url: store, namespace: undefined } : store;
  if (indexDir !== undefined) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      'give a store or an index folder, not both: with a store the index is built in memory from what the store keeps',
    );
  }
  const { openPostgresStore } = await import('../store-postgres/open-postgres-store.js');
  return openPostgresStore({ url, namespace, env });
}

/** The sorted ids of a catalog given as tools, as the key of its cache folder (its paths, for one of paths). */
function toolIds(catalog: string | readonly string[] | readonly Tool[]): string {
  const ids = [...catalog].map((entry) => (typeof entry === 'string' ? entry : entry.id)).sort();
  return JSON.stringify(ids);
}

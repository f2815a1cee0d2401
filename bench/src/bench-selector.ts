import path from 'node:path';
import {
  type BenchQuery,
  createCachedEmbedder,
  createEmbedder,
  createFileEmbeddingStore,
  createSelector,
  type Embedder,
  type Selector,
  type SelectorOptions,
} from '@toolsift/selector';
import { catalogOf, repoRoot } from './bench-datasets.js';

/** Bench caches: embeddings by text (so reruns embed nothing) and one index folder per dataset. */
export const benchCacheDir = path.join(repoRoot, '.cache', 'bench');

const embedders = new Map<string, Promise<Embedder>>();
// Queries are embedded one call at a time: write the cache at most every 30 s, and on `flushEmbeddings`.
const store = createFileEmbeddingStore(path.join(benchCacheDir, 'embeddings'), { writeEveryMs: 30_000 });

/** The embedder of an id, wrapped in the bench embedding cache (written to disk by `flushEmbeddings`). */
export function benchEmbedder(id: string): Promise<Embedder> {
  let embedder = embedders.get(id);
  if (embedder === undefined) {
    embedder = createEmbedder(id).then((inner) => createCachedEmbedder(inner, { store }));
    embedders.set(id, embedder);
  }
  return embedder;
}

/** Write the embeddings cached so far to disk. */
export function flushEmbeddings(): Promise<void> {
  return store.flush();
}

/** A selector over a bench dataset, with its index in the bench cache (never beside the shared data). */
export async function benchSelector(
  dataset: string,
  options: { embedder: string; variant?: string } & Omit<SelectorOptions, 'catalog' | 'embedder'>,
): Promise<Selector> {
  const { embedder, variant, ...rest } = options;
  return createSelector({
    catalog: catalogOf(dataset),
    embedder: await benchEmbedder(embedder),
    indexDir: `${benchIndexDir(dataset, embedder)}${variant ?? ''}`,
    ...rest,
  });
}

/** The bench cache's index folder for a catalog (by name) and an embedder. */
export function benchIndexDir(name: string, embedder: string): string {
  return path.join(benchCacheDir, 'indexes', `${name}-${embedder.replace(/[^A-Za-z0-9-]+/g, '_')}`);
}

/** Run every query once so its embeddings (whole prompt and sentences) are cached, then save the cache. */
export async function warmQueries(selector: Selector, queries: readonly BenchQuery[]): Promise<void> {
  for (const query of queries) await selector.select(query.query, { k: 1, abstain: false });
  await flushEmbeddings();
}

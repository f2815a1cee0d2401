import path from 'node:path';
import {
  type BenchQuery,
  createCachedEmbedder,
  createEmbedder,
  createSelector,
  type Embedder,
  type Selector,
  type SelectorOptions,
} from '@toolsift/selector';
import { catalogOf, repoRoot } from './bench-datasets.js';

/** Bench caches: embeddings by text (so reruns embed nothing) and one index folder per dataset. */
export const benchCacheDir = path.join(repoRoot, '.cache', 'bench');

const embedders = new Map<string, Promise<Embedder>>();

/** The embedder of an id, wrapped in the on-disk embedding cache. */
export function benchEmbedder(id: string): Promise<Embedder> {
  let embedder = embedders.get(id);
  if (embedder === undefined) {
    embedder = createEmbedder(id).then((inner) =>
      createCachedEmbedder(inner, { dir: path.join(benchCacheDir, 'embeddings') }),
    );
    embedders.set(id, embedder);
  }
  return embedder;
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
    indexDir: path.join(benchCacheDir, 'indexes', `${dataset}-${embedder.replace(/[^A-Za-z0-9-]+/g, '_')}${variant ?? ''}`),
    ...rest,
  });
}

/** Embed every query text once, in one call, so the cache holds them before the timed evaluation loop. */
export async function warmQueries(selector: Selector, queries: readonly BenchQuery[]): Promise<void> {
  const texts = [...new Set(queries.map((query) => query.query))];
  if (texts.length > 0) await selector.embedder.embed(texts);
}

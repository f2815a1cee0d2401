import { createHash } from 'node:crypto';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Embedder } from './embedder.js';
import { createFileEmbeddingStore, type EmbeddingEntries, type EmbeddingStore } from './embedding-store.js';

/** Where a cached embedder keeps its vectors: a folder (one binary file per embedder id) or any store. */
export type CachedEmbedderOptions = { dir: string } | { store: EmbeddingStore };

/**
 * Wrap `embedder` so each distinct text is embedded once per embedder id: vectors are cached by
 * (embedder id, sha256 of the text) and persisted after every call that added some, so re-indexing a changed
 * catalog embeds only the changed texts. Meant for indexing; each saving call rewrites the cache file.
 * @example const embedder = createCachedEmbedder(await createEmbedder('use-lite'), { dir: '.toolsift/embeddings' });
 */
export function createCachedEmbedder(embedder: Embedder, options: CachedEmbedderOptions): Embedder {
  const store = 'store' in options ? options.store : createFileEmbeddingStore(options.dir);
  let entries: Promise<EmbeddingEntries> | undefined;
  let saving: Promise<void> = Promise.resolve();

  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    async embed(texts) {
      entries ??= store.load(embedder.id, embedder.dimensions);
      const cache = await entries;
      const keys = texts.map(textKey);
      const missing = new Map<string, string>();
      keys.forEach((key, index) => {
        if (!cache.has(key) && !missing.has(key)) missing.set(key, texts[index] ?? '');
      });
      if (missing.size > 0) {
        const vectors = await embedder.embed([...missing.values()]);
        [...missing.keys()].forEach((key, index) => {
          const vector = vectors[index];
          if (vector === undefined) throw lostVector(embedder.id);
          cache.set(key, vector);
        });
        // Saves run one after another, each writing the whole (growing) map; a failed save does not stop later ones.
        saving = saving.catch(() => undefined).then(() => store.save(embedder.id, cache));
        await saving;
      }
      return keys.map((key) => {
        const vector = cache.get(key);
        if (vector === undefined) throw lostVector(embedder.id);
        return vector;
      });
    },
  };
}

// --- internal ---

function lostVector(id: string): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.EmbeddingRequestFailed,
    `Embedder "${id}" returned fewer vectors than texts.`,
    {
      embedder: id,
    },
  );
}

function textKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

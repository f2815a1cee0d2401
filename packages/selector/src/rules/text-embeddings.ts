import type { Embedder } from '../embedding/embedder.js';

/** Embeds rule texts (`not_for`, `when_prefer_*`) lazily, once per text, with the selector's embedder. */
export interface TextEmbeddings {
  /** Vectors of the texts, in order; each text is embedded at most once per embedder. */
  vectors(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * The text cache of an embedder. Rule texts are embedded on first use at query time rather than at index
 * time: they are few (only tools that declare them, and only when they reach the top of a ranking), and the
 * cache lives as long as the embedder, so a warm selector embeds nothing.
 */
export function textEmbeddingsOf(embedder: Embedder): TextEmbeddings {
  let cache = caches.get(embedder);
  if (cache === undefined) {
    cache = new Map();
    caches.set(embedder, cache);
  }
  const known = cache;
  return {
    async vectors(texts) {
      const missing = [...new Set(texts.filter((text) => !known.has(text)))];
      if (missing.length > 0) {
        const embedded = await embedder.embed(missing);
        missing.forEach((text, position) => {
          const vector = embedded[position];
          if (vector !== undefined) known.set(text, vector);
        });
      }
      return texts.map((text) => known.get(text) ?? new Float32Array(embedder.dimensions));
    },
  };
}

// --- internal ---

const caches = new WeakMap<Embedder, Map<string, Float32Array>>();

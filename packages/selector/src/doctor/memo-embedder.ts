import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';

/** An embedder that embeds each distinct text once, and counts the texts it embedded and the time that took. */
export interface MemoEmbedder extends Embedder {
  readonly stats: { texts: number; ms: number };
}

/**
 * Wrap `embedder` so the held-out indexes of one doctor run share their vectors: every index holds nearly the same
 * views, and most own prompts are the text of a view. Kept in memory for the run only.
 */
export function createMemoEmbedder(embedder: Embedder): MemoEmbedder {
  const vectors = new Map<string, Float32Array>();
  const stats = { texts: 0, ms: 0 };
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    stats,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const started = performance.now();
        const embedded = await embedder.embed(missing);
        stats.ms += performance.now() - started;
        stats.texts += missing.length;
        missing.forEach((text, index) => {
          const vector = embedded[index];
          if (vector === undefined) {
            throw new ToolsiftError(
              ErrorCode.EmbeddingRequestFailed,
              `Embedder "${embedder.id}" returned fewer vectors than texts.`,
              { embedder: embedder.id },
            );
          }
          vectors.set(text, vector);
        });
      }
      return texts.map((text) => vectors.get(text)!);
    },
  };
}

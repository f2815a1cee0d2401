import type { Tool } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';

/** Embeds rule texts (`not_for`, `when_prefer_*`), once per text, with the selector's embedder. */
export interface TextEmbeddings {
  /** Vectors of the texts, in order; each text is embedded at most once per embedder. */
  vectors(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * The rule-text vectors of a selection. The index embeds its catalog's rule texts when it is built and saves
 * them (see `ruleTextsOf`), so they come from `precomputed`; any other text is embedded on first use and kept
 * in a cache that lives as long as the embedder, so a warm selector embeds nothing.
 */
export function textEmbeddingsOf(
  embedder: Embedder,
  precomputed?: (text: string) => Float32Array | undefined,
): TextEmbeddings {
  let cache = caches.get(embedder);
  if (cache === undefined) {
    cache = new Map();
    caches.set(embedder, cache);
  }
  const known = cache;
  return {
    async vectors(texts) {
      const stored = texts.map((text) => precomputed?.(text));
      if (stored.every((vector): vector is Float32Array => vector !== undefined)) return stored;
      const missing = [...new Set(texts.filter((text, position) => !stored[position] && !known.has(text)))];
      if (missing.length > 0) {
        const embedded = await embedder.embed(missing);
        missing.forEach((text, position) => {
          const vector = embedded[position];
          if (vector !== undefined) known.set(text, vector);
        });
      }
      return texts.map(
        (text, position) => stored[position] ?? known.get(text) ?? new Float32Array(embedder.dimensions),
      );
    },
  };
}

/** The texts of a tool that rules compare prompts with: `not_for` of its use cases, `when_prefer_*` of its conflicts. */
export function ruleTextsOf(tool: Tool): string[] {
  const texts = [
    ...tool.useCases.map((useCase) => useCase.notFor),
    ...tool.conflicts.flatMap((conflict) => [conflict.whenPreferThis, conflict.whenPreferOther]),
  ];
  return texts.filter((text): text is string => text !== undefined && text.trim().length > 0);
}

// --- internal ---

const caches = new WeakMap<Embedder, Map<string, Float32Array>>();

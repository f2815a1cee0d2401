import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { truncateForEmbedding } from './truncate-for-embedding.js';

/**
 * Embed `texts` in batches of at most `batchSize`, grouping texts of similar length (less padding),
 * and return the vectors in input order. Each text is cut to `maxTextLength` characters first: every text an
 * embedder of ours is given (view texts, prompts) passes here, so no text is too long for the model to take.
 */
export async function embedInBatches(options: {
  texts: readonly string[];
  batchSize: number;
  maxTextLength: number;
  embedBatch: (batch: readonly string[]) => Promise<Float32Array[]>;
}): Promise<Float32Array[]> {
  const texts = options.texts.map((text) => truncateForEmbedding(text, options.maxTextLength));
  const batchSize = Math.max(1, Math.floor(options.batchSize));
  const order = texts
    .map((_, index) => index)
    .sort((a, b) => (texts[a]?.length ?? 0) - (texts[b]?.length ?? 0));
  const vectors = new Array<Float32Array>(texts.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const indices = order.slice(start, start + batchSize);
    const batch = await options.embedBatch(indices.map((index) => texts[index] ?? ''));
    indices.forEach((index, row) => {
      const vector = batch[row];
      if (vector === undefined) {
        throw new ToolsiftError(
          ErrorCode.EmbeddingRequestFailed,
          `The embedder returned ${batch.length} vectors for ${indices.length} texts.`,
        );
      }
      vectors[index] = vector;
    });
  }
  return vectors;
}

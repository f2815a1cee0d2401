import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Embedder } from '@toolsift/selector';

/**
 * `embedder`, giving the event loop a turn before each batch it embeds. The model runs on the main thread, and
 * an index embeds thousands of batches back to back: without the turns the gateway answers no request (not even
 * a 401) and sends no SSE keep-alive until the index is built, so a client cuts a stream left idle for minutes
 * (Node's fetch gives up on a response body after 5 minutes) and the search waiting on it never gets its answer.
 */
export function yieldingEmbedder(embedder: Embedder): Embedder {
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    async embed(texts) {
      await nextTurn();
      return embedder.embed(texts);
    },
  };
}

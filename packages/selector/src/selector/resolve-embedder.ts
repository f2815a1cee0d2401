import { createEmbedder } from '../embedding/create-embedder.js';
import { DEFAULT_EMBEDDER_ID } from '../embedding/default-embedder-id.js';
import type { Embedder } from '../embedding/embedder.js';

/** An embedder instance from an instance or an id (`use-lite`, `hf:...`, `openai:...`, `hash`). */
export async function resolveEmbedder(
  embedder: Embedder | string | undefined,
  options: {
    cwd: string;
    env: Readonly<Record<string, string | undefined>>;
    onProgress?: (message: string) => void;
  },
): Promise<Embedder> {
  if (typeof embedder === 'object') return embedder;
  return createEmbedder(embedder ?? DEFAULT_EMBEDDER_ID, options);
}

import { DEFAULT_EMBEDDER_ID } from './default-embedder-id.js';
import type { Embedder } from './embedder.js';
import { createTransformersEmbedder } from './transformers-embedder.js';
import { ensureUseLiteModel, type UseLiteModelOptions } from './use-lite-model.js';

/** Options of the default, offline use-lite embedder. */
export interface UseLiteEmbedderOptions extends UseLiteModelOptions {
  /** Texts per model call; default 32. */
  batchSize?: number;
}

/**
 * The Universal Sentence Encoder lite (512-d), run offline through transformers.js from the ONNX model that
 * toolsift converts on first use (see `ensureUseLiteModel`).
 * @example const embedder = await createUseLiteEmbedder({ onProgress: (line) => process.stderr.write(`${line}\n`) });
 */
export async function createUseLiteEmbedder(options: UseLiteEmbedderOptions = {}): Promise<Embedder> {
  const folder = await ensureUseLiteModel(options);
  return createTransformersEmbedder({
    model: folder,
    id: DEFAULT_EMBEDDER_ID,
    quantized: false,
    allowRemote: false,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
  });
}

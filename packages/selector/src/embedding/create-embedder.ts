import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { DEFAULT_EMBEDDER_ID } from './default-embedder-id.js';
import type { Embedder } from './embedder.js';
import { createHashEmbedder } from './hash-embedder.js';
import type { OpenAIEmbedderOptions } from './openai-embedder.js';
import type { TransformersEmbedderOptions } from './transformers-embedder.js';

/** Options of `createEmbedder`; each applies to the embedders that use it. */
export interface CreateEmbedderOptions {
  /** Cache root for models; default `$TOOLSIFT_CACHE_DIR`, else the user's cache dir. */
  cacheDir?: string;
  /** Folder that relative `hf:` folders resolve against; default `process.cwd()`. */
  cwd?: string;
  /** Environment for the cache dir, `HF_*` and `OPENAI_*` variables; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Receives one-line progress messages (model conversion, downloads). */
  onProgress?: (message: string) => void;
  /** Texts per model call or request. */
  batchSize?: number;
  /** Settings of `hf:` embedders. */
  huggingFace?: Pick<
    TransformersEmbedderOptions,
    'allowRemote' | 'remoteHost' | 'connectTimeoutMs' | 'quantized'
  >;
  /** Settings of `openai:` embedders. */
  openai?: Omit<OpenAIEmbedderOptions, 'model' | 'env' | 'batchSize'>;
}

/** The embedder ids `createEmbedder` accepts, for help texts and errors. */
export const EMBEDDER_ID_FORMS = [
  DEFAULT_EMBEDDER_ID,
  'hf:<model id or folder>',
  'openai:<model>',
  'hash[:<dimensions>]',
] as const;

/**
 * Create an embedder from its id: `use-lite` (default, offline), `hf:<model id or folder>`, `openai:<model>`
 * or `hash` / `hash:<dimensions>` (tests only). Heavy dependencies load only for the embedder asked for.
 * @example const embedder = await createEmbedder('hf:Xenova/all-MiniLM-L6-v2');
 */
export async function createEmbedder(id: string, options: CreateEmbedderOptions = {}): Promise<Embedder> {
  const shared = {
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
  };
  const withCache = {
    ...shared,
    ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  };
  if (id === DEFAULT_EMBEDDER_ID) {
    const { createUseLiteEmbedder } = await import('./use-lite-embedder.js');
    return createUseLiteEmbedder(withCache);
  }
  if (id === 'hash') return createHashEmbedder();
  const hashSize = /^hash:([1-9]\d*)$/.exec(id)?.[1];
  if (hashSize !== undefined) return createHashEmbedder({ dimensions: Number(hashSize) });
  if (id.startsWith('hf:') && id.length > 3) {
    const { createTransformersEmbedder } = await import('./transformers-embedder.js');
    return createTransformersEmbedder({
      ...withCache,
      ...options.huggingFace,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      model: id.slice(3),
      id,
    });
  }
  if (id.startsWith('openai:') && id.length > 7) {
    const { createOpenAIEmbedder } = await import('./openai-embedder.js');
    return createOpenAIEmbedder({ ...shared, ...options.openai, model: id.slice(7) });
  }
  throw new ToolsiftError(
    ErrorCode.UnknownEmbedder,
    `Unknown embedder "${id}". Valid forms: ${EMBEDDER_ID_FORMS.join(', ')}.`,
    { embedder: id, valid: [...EMBEDDER_ID_FORMS] },
  );
}

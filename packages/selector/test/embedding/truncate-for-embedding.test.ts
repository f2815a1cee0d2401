import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, test } from 'vitest';
import { cosineSimilarity } from '../../src/embedding/cosine-similarity.js';
import type { Embedder } from '../../src/embedding/embedder.js';
import {
  embeddedTextLimit,
  MAX_EMBEDDED_CHARACTERS,
  truncateForEmbedding,
} from '../../src/embedding/truncate-for-embedding.js';
import { createUseLiteEmbedder } from '../../src/embedding/use-lite-embedder.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { makeTool, sampleTools } from '../fixtures/make-tool.js';

describe('embeddedTextLimit', () => {
  test.each([
    ['use-lite (128 tokens)', 128, 2048],
    ['a 512-token model', 512, 8192],
    ['a long-context model', 8192, MAX_EMBEDDED_CHARACTERS],
    ['a tokenizer with no limit (transformers.js reports 1e30)', 1e30, MAX_EMBEDDED_CHARACTERS],
    ['an unknown limit', undefined, MAX_EMBEDDED_CHARACTERS],
    ['a nonsense limit', 0, MAX_EMBEDDED_CHARACTERS],
  ])('%s', (_, maxTokens, expected) => {
    expect(embeddedTextLimit(maxTokens)).toBe(expected);
  });
});

describe('truncateForEmbedding', () => {
  test.each([
    ['a text within the limit is kept', 'book a flight', 20, 'book a flight'],
    ['a longer text is cut', 'book a flight', 4, 'book'],
    ['a cut inside a surrogate pair drops its first half', 'ab😀c', 3, 'ab'],
  ])('%s', (_, text, maxLength, expected) => {
    expect(truncateForEmbedding(text, maxLength)).toBe(expected);
  });
});

// A 1.2 MB description: use-lite's tokenizer threw `RangeError: Maximum call stack size exceeded` on 1.12 MB.
const HUGE_DESCRIPTION = 'Send an email message to a recipient with a subject and body. '.repeat(20_000);

describe('the real use-lite embedder on a 1.2 MB text', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await createUseLiteEmbedder({ cacheDir: SHARED_TEST_CACHE_DIR });
  });

  test('embeds it as the start that the encoder reads (128 tokens: about 600 characters here)', async () => {
    expect(HUGE_DESCRIPTION.length).toBeGreaterThanOrEqual(1_200_000);
    const [whole, start] = await embedder.embed([HUGE_DESCRIPTION, HUGE_DESCRIPTION.slice(0, 1000)]);
    expect(whole).toHaveLength(512);
    expect(cosineSimilarity(whole ?? new Float32Array(), start ?? new Float32Array())).toBeGreaterThan(
      0.99999,
    );
  });

  test('indexes a catalog holding such a description, and selects from it, also for a 1.2 MB prompt', async () => {
    const selector = await createSelector({
      catalog: [
        ...sampleTools().filter((tool) => tool.id !== 'send_email'),
        makeTool({ id: 'send_email', description: HUGE_DESCRIPTION }),
      ],
      embedder,
      indexDir: false,
    });
    const selection = await selector.select('email the report to Alice', { k: 1, abstain: false });
    expect(selection.tools.map((tool) => tool.id)).toEqual(['send_email']);
    const huge = await selector.select(`email the report to Alice. ${HUGE_DESCRIPTION}`, {
      k: 1,
      abstain: false,
    });
    expect(huge.tools.map((tool) => tool.id)).toEqual(['send_email']);
    expect(huge.warnings.map((warning) => warning.code)).toContain('PROMPT_TRUNCATED');
  });
});

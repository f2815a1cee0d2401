import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { viewPhrasingOf } from '../../src/views/view-phrasing.js';
import { sampleTools } from '../fixtures/make-tool.js';

describe('viewPhrasingOf', () => {
  it('words descriptions as requests for use-lite only', () => {
    expect(viewPhrasingOf('use-lite')).toBe('request');
    expect(viewPhrasingOf('hf:Xenova/all-MiniLM-L6-v2')).toBe('plain');
    expect(viewPhrasingOf('openai:text-embedding-3-small')).toBe('plain');
  });

  it('is what the index embeds: an index keyed to use-lite holds the request wording', async () => {
    const hash = createHashEmbedder({ dimensions: 64 });
    const embedded: string[] = [];
    // The hash embedder's vectors under use-lite's id: the wording follows the id the index is built for.
    const asUseLite = {
      ...hash,
      id: 'use-lite',
      embed: (texts: readonly string[]) => {
        embedded.push(...texts);
        return hash.embed(texts);
      },
    };
    const selector = await createSelector({ catalog: sampleTools(), embedder: asUseLite, indexDir: false });
    expect(embedded.some((text) => text.startsWith('Can you help me current weather conditions'))).toBe(true);
    expect(selector.views('get_weather')[0]?.text).toMatch(/^Can you help me current weather conditions/);
    const plain = await createSelector({ catalog: sampleTools(), embedder: hash, indexDir: false });
    expect(plain.views('get_weather')[0]?.text).toMatch(/^get weather \(Current weather\)\. Current weather/);
    expect(plain.views('get_weather').length).toBe(selector.views('get_weather').length);
  });
});

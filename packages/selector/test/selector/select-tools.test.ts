import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearSelectorCache, selectTools } from '../../src/selector/select-tools.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('selectTools', () => {
  it('selects from ./metadata relative to cwd by default', async () => {
    const selection = await selectTools('translate this text into German', {
      cwd: repoRoot,
      embedder: 'hash',
      indexDir: false,
      k: 2,
      abstain: false,
      includeUnavailable: true,
    });
    expect(selection.tools[0]?.id).toBe('translate_text');
  });

  it('caches the selector per catalog and embedder', async () => {
    clearSelectorCache();
    const tools = sampleTools();
    const embedder = countingEmbedder();
    // Abstention off: the hash embedder's cosines mean nothing to the abstention model; caching is what is tested.
    const options = { catalog: tools, embedder, k: 1, abstain: false };
    const first = await selectTools('stock price of ACME', options);
    const afterFirst = embedder.embeddedTexts.length;
    const second = await selectTools('stock price of ACME', options);
    expect(first.tools[0]?.id).toBe('stock_quote');
    expect(second.tools).toEqual(first.tools);
    // The second call reuses the indexed selector: only its prompt is embedded.
    expect(embedder.embeddedTexts.slice(afterFirst)).toEqual(['stock price of ACME']);
  });

  it('does not cache a failed load', async () => {
    await expect(selectTools('x', { catalog: [], embedder: 'hash' })).rejects.toMatchObject({
      code: 'EMPTY_CATALOG',
    });
  });
});

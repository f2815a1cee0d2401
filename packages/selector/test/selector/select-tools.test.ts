import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SelectionRule } from '../../src/rules/selection-rule.js';
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

  it('honours changed rules on a second call', async () => {
    clearSelectorCache();
    const options = { catalog: sampleTools(), embedder: countingEmbedder(), k: 2, abstain: false as const };
    const plain = await selectTools('stock price of ACME', options);
    const dropTop: SelectionRule = {
      name: 'drop-top',
      phase: 'after-fusion',
      reads: ['ranked'],
      writes: ['ranked'],
      apply(context) {
        context.ranked = context.ranked.slice(1);
      },
    };
    const withRule = await selectTools('stock price of ACME', { ...options, rules: [dropTop] });
    expect(withRule.tools[0]?.id).toBe(plain.tools[1]?.id);
    expect(withRule.timings['drop-top']).toBeDefined();
    const withoutAgain = await selectTools('stock price of ACME', { ...options, rules: [] });
    expect(withoutAgain.tools.map((tool) => tool.id)).toEqual(plain.tools.map((tool) => tool.id));
  });

  it('keys embedder instances by identity, not by id', async () => {
    clearSelectorCache();
    const first = countingEmbedder();
    const second = countingEmbedder();
    expect(second.id).toBe(first.id);
    const options = { catalog: sampleTools(), k: 1, abstain: false as const };
    await selectTools('stock price of ACME', { ...options, embedder: first });
    await selectTools('stock price of ACME', { ...options, embedder: second });
    // The second instance indexed the catalog itself instead of reusing the first one's selector.
    expect(second.embeddedTexts.length).toBeGreaterThan(1);
  });

  it('keys every selector option, also one the cache never named, and no selection option', async () => {
    clearSelectorCache();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'toolsift-select-tools-'));
    try {
      await writeFile(path.join(folder, 'notes.json'), NOTES_LIST);
      const overlay = path.join(folder, 'notes.overlay.yaml');
      await writeFile(overlay, NOTES_OVERLAY);
      const embedder = countingEmbedder();
      const options = {
        catalog: path.join(folder, 'notes.json'),
        embedder,
        indexDir: false as const,
        overlays: [],
        abstain: false,
      };
      await selectTools('keep a note', { ...options, k: 1 });
      // Selection options, progress callbacks and an equal copy of an option share the selector: only prompts
      // are embedded.
      let seen = embedder.embeddedTexts.length;
      await selectTools('keep a note', { ...options, k: 2, onProgress: () => undefined });
      await selectTools('keep a note', { ...options, overlays: [] });
      expect(embedder.embeddedTexts.slice(seen)).toEqual(['keep a note', 'keep a note']);
      // `overlays` was not among the options the cache key once listed by hand: it gets a selector of its own.
      seen = embedder.embeddedTexts.length;
      const { tools } = await selectTools(OVERLAY_EXAMPLE, { ...options, overlays: [overlay], k: 1 });
      // Its catalog is indexed again, with the overlay's example: not just the prompt.
      expect(embedder.embeddedTexts.length - seen).toBeGreaterThan(1);
      expect(tools.map((tool) => tool.id)).toEqual(['find_notes']);
    } finally {
      clearSelectorCache();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('does not cache a failed load', async () => {
    await expect(selectTools('x', { catalog: [], embedder: 'hash' })).rejects.toMatchObject({
      code: 'EMPTY_CATALOG',
    });
  });
});

// --- internal ---

const NOTES_LIST = JSON.stringify({
  serverInfo: { name: 'notes-server', version: '1.0.0' },
  tools: [
    { name: 'add_note', description: 'Create a note.', inputSchema: { type: 'object' } },
    { name: 'find_notes', description: 'Search notes by text.', inputSchema: { type: 'object' } },
  ],
});

const OVERLAY_EXAMPLE = 'where did I put the gate code';

const NOTES_OVERLAY = `toolsift_overlay: 1
server:
  names: [notes-server]
tools:
  find_notes:
    examples: [${OVERLAY_EXAMPLE}]
`;

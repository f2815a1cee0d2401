import type { Tool } from '@toolsift/core';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embedding/embedder.js';
import { createUseLiteEmbedder } from '../../src/embedding/use-lite-embedder.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf } from './rules-fixture.js';

// A notebook server as a gateway indexes it (`<server>__<tool>`): its old read tool says it is deprecated and
// names the one to use, as the filesystem reference server's `read_file` does.
const notebook = { name: 'notebook', aliases: ['notebook-server'] };
const tools: Tool[] = [
  makeTool({
    id: 'notebook__read_note',
    title: 'Read Note (Deprecated)',
    description: 'Read the complete text of a note. DEPRECATED: Use read_note_text instead.',
    server: notebook,
  }),
  makeTool({
    id: 'notebook__read_note_text',
    title: 'Read Note Text',
    description:
      'Read a note as text, in the encoding it was saved in, with clear errors when it is missing.',
    server: notebook,
  }),
  makeTool({
    id: 'notebook__write_note',
    description: 'Create a note or overwrite one with new text.',
    server: notebook,
  }),
  makeTool({
    id: 'notebook__list_notes',
    description: 'List the notes of a notebook with their titles.',
    server: notebook,
  }),
  makeTool({
    id: 'weather__forecast',
    description: 'Weather forecast for a city.',
    server: { name: 'weather' },
  }),
];

let embedder: Embedder;
let selector: Selector;
beforeAll(async () => {
  embedder = await createUseLiteEmbedder({ cacheDir: SHARED_TEST_CACHE_DIR });
  selector = await createSelector({ catalog: tools, embedder, indexDir: false });
}, 120_000);

describe('deprecation (use-lite)', () => {
  it('ranks a deprecated tool just below the replacement it names, and says why', async () => {
    const selection = await selector.select('read my meeting note', { k: 3, abstain: false });
    expect(idsOf(selection).slice(0, 2)).toEqual(['notebook__read_note_text', 'notebook__read_note']);
    const [replacement, deprecated] = selection.tools;
    expect(deprecated?.reasons.find((reason) => reason.kind === 'deprecated')).toEqual({
      kind: 'deprecated',
      message:
        'deprecated ("DEPRECATED: Use read_note_text instead."): ranked below its replacement notebook__read_note_text',
      details: {
        evidence: 'DEPRECATED: Use read_note_text instead.',
        replacement: 'notebook__read_note_text',
      },
    });
    expect(replacement?.reasons.find((reason) => reason.kind === 'replaces')?.details).toMatchObject({
      deprecated: 'notebook__read_note',
    });
    expect(replacement!.score).toBeGreaterThan(deprecated!.score);
  });

  it('brings the replacement in when retrieval did not draw it', async () => {
    // A pool of one tool per side: the deprecated tool is drawn, its replacement is not.
    const selection = await selector.select('read the complete text of a note', {
      k: 3,
      abstain: false,
      weights: { pool: { size: 1, viewsPerTool: 1 } },
    });
    expect(idsOf(selection).slice(0, 2)).toEqual(['notebook__read_note_text', 'notebook__read_note']);
  });

  it('only annotates when the replacement is not among the candidates', async () => {
    const selection = await selector.select('read my meeting note', {
      k: 3,
      abstain: false,
      candidates: ['notebook__read_note', 'notebook__list_notes'],
    });
    expect(idsOf(selection)).not.toContain('notebook__read_note_text');
    const reason = selection.tools
      .find((tool) => tool.id === 'notebook__read_note')
      ?.reasons.find((entry) => entry.kind === 'deprecated');
    expect(reason?.message).toMatch(
      /; its replacement notebook__read_note_text is not among the candidates$/,
    );
  });

  it('leaves tools that say nothing of deprecation alone', async () => {
    const selection = await selector.select('weather in Oslo tomorrow', { k: 5, abstain: false });
    expect(idsOf(selection)[0]).toBe('weather__forecast');
    const forecast = selection.tools[0]!.reasons.map((reason) => reason.kind);
    expect(forecast).not.toContain('deprecated');
    expect(forecast).not.toContain('replaces');
  });
});

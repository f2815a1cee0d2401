import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFolderStore } from '../../src/index-store/folder-store.js';
import type { IndexStore, LearnedChange } from '../../src/index-store/index-store.js';
import type { LearnedPrompts } from '../../src/index-store/learned-prompts-file.js';
import { openMemoryStore } from '../../src/index-store/memory-store.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A change that adds one labelled prompt for a tool. */
const adding =
  (prompt: string, tool = 'get_weather'): LearnedChange =>
  (prompts: LearnedPrompts) => {
    const next = new Map(prompts);
    next.set(tool, [...(prompts.get(tool) ?? []), { prompt, source: 'labelled' }]);
    return { prompts: next, report: { changed: 1, unchanged: 0, tools: [tool] } };
  };

const stores: Array<[string, () => Promise<IndexStore>]> = [
  ['memory', async () => openMemoryStore()],
  ['folder', () => openFolderStore({ dir })],
];

describe.each(stores)('the %s store', (_, open) => {
  it('loads an index, then learns as a transaction: the index follows what the change returns', async () => {
    const store = await open();
    const embedder = countingEmbedder();
    const { index } = await store.load({ tools: sampleTools(), embedder });
    const changed = await store.changeLearned({ index, embedder, change: adding('is it raining') });
    expect(changed).toEqual({ report: { changed: 1, unchanged: 0, tools: ['get_weather'] }, warnings: [] });
    expect(index.learned().get('get_weather')).toEqual([{ prompt: 'is it raining', source: 'labelled' }]);
    expect(index.views('get_weather').filter((view) => view.kind === 'learned')).toHaveLength(1);
  });

  it('keeps nothing of a change that throws', async () => {
    const store = await open();
    const embedder = countingEmbedder();
    const { index } = await store.load({ tools: sampleTools(), embedder });
    const failing: LearnedChange = () => {
      throw new Error('no');
    };
    await expect(store.changeLearned({ index, embedder, change: failing })).rejects.toThrow('no');
    expect(index.learned().size).toBe(0);
    expect(await store.save(index)).toEqual([]);
  });
});

describe('two folder stores on one folder', () => {
  it('each learn starts from what the other kept: nothing is lost', async () => {
    const embedder = countingEmbedder();
    const [first, second] = await Promise.all([openFolderStore({ dir }), openFolderStore({ dir })]);
    const one = await first!.load({ tools: sampleTools(), embedder });
    const two = await second!.load({ tools: sampleTools(), embedder });
    await first!.changeLearned({ index: one.index, embedder, change: adding('is it raining') });
    await second!.changeLearned({ index: two.index, embedder, change: adding('mail Bob', 'send_email') });
    expect([...two.index.learned().keys()].sort()).toEqual(['get_weather', 'send_email']);
    const third = await (await openFolderStore({ dir })).load({ tools: sampleTools(), embedder });
    expect(third.status).toBe('loaded');
    expect([...third.index.learned().keys()].sort()).toEqual(['get_weather', 'send_email']);
  });
});

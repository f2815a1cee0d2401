import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSelector } from '../../src/selector/create-selector.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-learn-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const prompt = 'do I need an umbrella for the picnic';

describe('learning from usage', () => {
  it('adds a prompt as a learned view of its tool only, and it wins that prompt', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    const report = await selector.learn([{ prompt, tool: 'get_weather' }]);
    expect(report).toEqual({ changed: 1, unchanged: 0, tools: ['get_weather'] });
    expect(selector.views('get_weather').filter((view) => view.kind === 'learned')).toEqual([
      expect.objectContaining({ text: prompt, toolId: 'get_weather' }),
    ]);
    for (const tool of selector.tools.filter((other) => other.id !== 'get_weather')) {
      expect(selector.views(tool.id).map((view) => view.text)).not.toContain(prompt);
    }
    const [top] = (await selector.select(prompt, { k: 1, abstain: false })).tools;
    expect(top?.id).toBe('get_weather');
    expect(top?.reasons.find((reason) => reason.kind === 'dense')?.details?.viewKind).toBe('learned');
  });

  it('keeps a prompt learned for two tools separate, per tool', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    await selector.learn([
      { prompt: 'email my boss the ACME share price', tool: 'send_email' },
      { prompt: 'email my boss the ACME share price', tool: 'stock_quote' },
    ]);
    const keys = [...selector.views('send_email'), ...selector.views('stock_quote')]
      .filter((view) => view.kind === 'learned')
      .map((view) => view.key);
    expect(keys).toHaveLength(2);
    expect(keys.every((key, index) => key.startsWith(index === 0 ? 'send_email#' : 'stock_quote#'))).toBe(
      true,
    );
  });

  it('persists learned prompts, learns each once, and forgets them', async () => {
    const first = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: dir,
    });
    await first.learn([{ prompt, tool: 'get_weather' }]);
    const embedder = countingEmbedder();
    const second = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    expect(second.index.status).toBe('loaded');
    expect(second.learned()).toEqual([{ prompt, tool: 'get_weather', source: 'labelled' }]);
    expect(await second.learn([{ prompt: prompt.toUpperCase(), tool: 'get_weather' }])).toMatchObject({
      changed: 0,
      unchanged: 1,
    });

    expect(await second.forget([{ prompt }])).toEqual({ changed: 1, unchanged: 0, tools: ['get_weather'] });
    expect(second.views('get_weather').some((view) => view.kind === 'learned')).toBe(false);
    const third = await createSelector({ catalog: sampleTools(), embedder, indexDir: dir });
    expect(third.learned()).toEqual([]);
  });

  it('refuses a prompt for a tool the catalog does not have', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    await expect(selector.learn([{ prompt, tool: 'umbrella_finder' }])).rejects.toMatchObject({
      code: 'UNKNOWN_TOOL',
    });
    expect(selector.learned()).toEqual([]);
  });
});

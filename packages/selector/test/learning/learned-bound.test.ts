import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LEARNED_PER_TOOL } from '../../src/learning/learned-bound.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-learn-bound-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (): Promise<Selector> =>
  createSelector({ catalog: sampleTools(), embedder: countingEmbedder(), indexDir: dir });
const weather = (count: number, from = 0): Array<{ prompt: string; tool: string }> =>
  Array.from({ length: count }, (_, index) => ({
    prompt: `weather question ${from + index}`,
    tool: 'get_weather',
  }));
const promptsOf = (selector: Selector, tool: string): string[] =>
  selector
    .learned()
    .filter((example) => example.tool === tool)
    .map((example) => example.prompt);

const CALL = { source: 'call' } as const;

describe('the bound on learned prompts per tool', () => {
  it('keeps the newest maxPerTool prompts of a tool, in the index folder too', async () => {
    const selector = await open();
    const email = { prompt: 'email Bob', tool: 'send_email' };
    await selector.learn([...weather(2), email], { ...CALL, maxPerTool: 3 });
    const report = await selector.learn(weather(2, 2), { ...CALL, maxPerTool: 3 });
    expect(report).toEqual({ changed: 2, unchanged: 0, tools: ['get_weather'], evicted: 1 });
    const kept = ['weather question 1', 'weather question 2', 'weather question 3'];
    expect(promptsOf(selector, 'get_weather')).toEqual(kept);
    expect(promptsOf(selector, 'send_email')).toEqual(['email Bob']);
    expect(selector.views('get_weather').map((view) => view.text)).not.toContain('weather question 0');
    expect(promptsOf(await open(), 'get_weather')).toEqual(kept);
  });

  it(`keeps ${DEFAULT_MAX_LEARNED_PER_TOOL} call-learned prompts per tool by default, and every one with Infinity`, async () => {
    const selector = await open();
    const report = await selector.learn(weather(DEFAULT_MAX_LEARNED_PER_TOOL + 1), {
      ...CALL,
      isSaved: false,
    });
    expect(report.evicted).toBe(1);
    expect(promptsOf(selector, 'get_weather')).toHaveLength(DEFAULT_MAX_LEARNED_PER_TOOL);
    expect(promptsOf(selector, 'get_weather')[0]).toBe('weather question 1');
    await selector.learn(weather(5, 500), { ...CALL, isSaved: false, maxPerTool: Number.POSITIVE_INFINITY });
    expect(promptsOf(selector, 'get_weather')).toHaveLength(DEFAULT_MAX_LEARNED_PER_TOOL + 5);
  });

  it('keeps every labelled prompt by default', async () => {
    const selector = await open();
    const report = await selector.learn(weather(3 * DEFAULT_MAX_LEARNED_PER_TOOL));
    expect(report).toEqual({
      changed: 3 * DEFAULT_MAX_LEARNED_PER_TOOL,
      unchanged: 0,
      tools: ['get_weather'],
    });
    expect(promptsOf(await open(), 'get_weather')).toHaveLength(3 * DEFAULT_MAX_LEARNED_PER_TOOL);
  });

  it('drops only prompts of the source learned, whichever is older', async () => {
    const selector = await open();
    await selector.learn(weather(2), CALL);
    await selector.learn(weather(2, 100));
    expect(await selector.learn(weather(2, 2), { ...CALL, maxPerTool: 2 })).toMatchObject({ evicted: 2 });
    expect(await selector.learn(weather(1, 102), { maxPerTool: 2 })).toMatchObject({ evicted: 1 });
    expect((await open()).learned()).toEqual([
      { prompt: 'weather question 101', tool: 'get_weather', source: 'labelled' },
      { prompt: 'weather question 2', tool: 'get_weather', source: 'call' },
      { prompt: 'weather question 3', tool: 'get_weather', source: 'call' },
      { prompt: 'weather question 102', tool: 'get_weather', source: 'labelled' },
    ]);
  });

  it('makes a call-learned prompt learned again as labelled labelled, out of the call bound', async () => {
    const selector = await open();
    await selector.learn(weather(2), CALL);
    expect(await selector.learn(weather(1))).toEqual({ changed: 0, unchanged: 1, tools: [] });
    expect(await selector.learn(weather(1, 2), { ...CALL, maxPerTool: 1 })).toMatchObject({ evicted: 1 });
    expect((await open()).learned()).toEqual([
      { prompt: 'weather question 0', tool: 'get_weather', source: 'labelled' },
      { prompt: 'weather question 2', tool: 'get_weather', source: 'call' },
    ]);
  });

  it('reloads an index with call-learned prompts as it was saved', async () => {
    await (await open()).learn(weather(2), CALL);
    const reopened = await open();
    expect(reopened.index.status).toBe('loaded');
    expect(reopened.learned().map((example) => example.source)).toEqual(['call', 'call']);
  });

  it('trims prompts another selector learned when this one learns for the tool', async () => {
    await (await open()).learn(weather(4), CALL);
    const selector = await open();
    expect(await selector.learn(weather(1, 4), { ...CALL, maxPerTool: 2 })).toMatchObject({
      changed: 1,
      evicted: 3,
    });
    expect(promptsOf(await open(), 'get_weather')).toEqual(['weather question 3', 'weather question 4']);
  });

  it('does not count a prompt learned again', async () => {
    const selector = await open();
    await selector.learn(weather(2), { ...CALL, maxPerTool: 2 });
    expect(await selector.learn(weather(1), { ...CALL, maxPerTool: 2 })).toEqual({
      changed: 0,
      unchanged: 1,
      tools: [],
    });
    expect(promptsOf(selector, 'get_weather')).toEqual(['weather question 0', 'weather question 1']);
  });

  it.each([0, -1, 2.5, Number.NaN])(
    'rejects maxPerTool %s with USAGE_ERROR, learning nothing',
    async (maxPerTool) => {
      const selector = await open();
      await expect(selector.learn(weather(1), { maxPerTool })).rejects.toMatchObject({ code: 'USAGE_ERROR' });
      expect(selector.learned()).toEqual([]);
    },
  );

  it('says what maxPerTool must be', async () => {
    const selector = await open();
    await expect(selector.learn(weather(1), { maxPerTool: 0 })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: maxPerTool must be a whole number >= 1 (or Infinity for no bound), got 0]`,
    );
  });
});

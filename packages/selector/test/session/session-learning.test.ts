import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/embedding/create-embedder.js';
import { LEARNED_FILE } from '../../src/index-store/learned-prompts-file.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import { createSession } from '../../src/session/create-session.js';
import type { LearnFailure } from '../../src/session/session.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-session-learn-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (): Promise<Selector> =>
  createSelector({ catalog: sampleTools(), embedder: countingEmbedder(), indexDir: dir });
// The hash embedder's similarities are not calibrated: abstention would judge them, not the session.
const HASH = { selection: { abstain: false } } as const;
const umbrella = 'do I need an umbrella for the picnic';
const learnedFile = async (): Promise<Record<string, Array<{ prompt: string; source: string }>>> =>
  JSON.parse(await readFile(path.join(dir, LEARNED_FILE), 'utf8')).learned;
/** Prompts as the learned prompts' file records those a session learned. */
const calls = (...prompts: string[]) => prompts.map((prompt) => ({ prompt, source: 'call' }));

describe('a session that learns from tool calls', () => {
  it('offers a tool for a paraphrase of a prompt it was called for (use-lite, metadata/)', async () => {
    const selector = await createSelector({
      catalog: path.resolve(import.meta.dirname, '../../../../metadata'),
      embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
      indexDir: dir,
    });
    // Ranked as if every prerequisite were met: API keys are not what this test is about.
    const options = { k: 3, selection: { includeUnavailable: true }, learn: true } as const;
    const offered = async (prompt: string): Promise<string[]> => {
      const session = createSession(selector, options);
      session.addMessage({ role: 'user', content: prompt });
      return (await session.select()).tools.map((tool) => tool.id);
    };
    const paraphrase = 'is the 7:15 to Madrid still on time';
    expect(await offered(paraphrase)).not.toContain('search_flights');
    // The model called the flight search although it was not offered (found through a tool search, say).
    const session = createSession(selector, options);
    session.addMessage({ role: 'user', content: 'is the 9:40 to Lisbon still on time' });
    await session.select();
    session.recordToolCall('search_flights');
    expect(await session.flush()).toMatchObject({ changed: 1, tools: ['search_flights'] });
    expect((await offered(paraphrase))[0]).toBe('search_flights');
  });

  it('learns the last user message for the called tool, saved for a new selector on the same folder', async () => {
    const session = createSession(await open(), { ...HASH, learn: true });
    session.addMessage({ role: 'user', content: 'plan a picnic for Saturday' });
    session.addMessage({ role: 'assistant', content: 'Where?' });
    session.addMessage({ role: 'user', content: `  ${umbrella}\n` });
    await session.select();
    expect(session.recordToolCall('get_weather')).toBe('get_weather');
    expect(await session.flush()).toEqual({
      changed: 1,
      unchanged: 0,
      tools: ['get_weather'],
      skipped: 0,
      failed: 0,
    });
    expect(await learnedFile()).toEqual({ get_weather: calls(umbrella) });
    const reopened = await open();
    expect(reopened.learned()).toEqual([{ prompt: umbrella, tool: 'get_weather', source: 'call' }]);
    const [top] = (await reopened.select(umbrella, { k: 1, abstain: false })).tools;
    expect(top?.reasons.find((reason) => reason.kind === 'dense')?.details?.viewKind).toBe('learned');
  });

  it('learns nothing without learn, and flush says so', async () => {
    const selector = await open();
    const session = createSession(selector, HASH);
    session.addMessage({ role: 'user', content: umbrella });
    session.recordToolCall('get_weather');
    expect(await session.flush()).toBeUndefined();
    expect(selector.learned()).toEqual([]);
  });

  it('learns a tool called twice for one message once, and a prompt learned before as unchanged', async () => {
    const selector = await open();
    const first = createSession(selector, { ...HASH, learn: true });
    first.addMessage({ role: 'user', content: umbrella });
    first.recordToolCall('get_weather');
    first.recordToolCall('get_weather');
    expect(await first.flush()).toMatchObject({ changed: 1, unchanged: 0 });
    const second = createSession(selector, { ...HASH, learn: true });
    second.addMessage({ role: 'user', content: umbrella.toUpperCase() });
    second.recordToolCall('get_weather');
    expect(await second.flush()).toMatchObject({ changed: 0, unchanged: 1, tools: [] });
    expect(await learnedFile()).toEqual({ get_weather: calls(umbrella) });
  });

  it('keeps at most maxPerTool prompts per tool, dropping the oldest', async () => {
    const selector = await open();
    const session = createSession(selector, { ...HASH, learn: { maxPerTool: 2 } });
    for (const city of ['Oslo', 'Paris', 'Rome']) {
      session.addMessage({ role: 'user', content: `is it raining in ${city}` });
      session.recordToolCall('get_weather');
    }
    session.addMessage({ role: 'user', content: 'email Bob the report' });
    session.recordToolCall('send_email');
    expect(await session.flush()).toMatchObject({ changed: 4, evicted: 1 });
    expect(await learnedFile()).toEqual({
      get_weather: calls('is it raining in Paris', 'is it raining in Rome'),
      send_email: calls('email Bob the report'),
    });
    expect(selector.views('get_weather').map((view) => view.text)).not.toContain('is it raining in Oslo');
  });

  it('never drops a labelled prompt to keep within maxPerTool, nor counts it', async () => {
    const selector = await open();
    await selector.learn([{ prompt: 'will it snow in Oslo', tool: 'get_weather' }]);
    const session = createSession(selector, { ...HASH, learn: { maxPerTool: 1 } });
    for (const city of ['Paris', 'Rome']) {
      session.addMessage({ role: 'user', content: `is it raining in ${city}` });
      session.recordToolCall('get_weather');
    }
    expect(await session.flush()).toMatchObject({ changed: 2, evicted: 1 });
    expect(await learnedFile()).toEqual({
      get_weather: [
        { prompt: 'will it snow in Oslo', source: 'labelled' },
        ...calls('is it raining in Rome'),
      ],
    });
  });

  it('leaves a prompt learned as labelled labelled when a call learns it again', async () => {
    const selector = await open();
    await selector.learn([{ prompt: umbrella, tool: 'get_weather' }]);
    const session = createSession(selector, { ...HASH, learn: true });
    session.addMessage({ role: 'user', content: umbrella });
    session.recordToolCall('get_weather');
    expect(await session.flush()).toMatchObject({ changed: 0, unchanged: 1 });
    expect(await learnedFile()).toEqual({ get_weather: [{ prompt: umbrella, source: 'labelled' }] });
  });

  it('learns what selector.forget can remove', async () => {
    const selector = await open();
    const session = createSession(selector, { ...HASH, learn: true });
    session.addMessage({ role: 'user', content: umbrella });
    session.recordToolCall('get_weather');
    await session.flush();
    expect(await selector.forget([{ tool: 'get_weather', prompt: umbrella }])).toMatchObject({ changed: 1 });
    expect(await learnedFile()).toEqual({});
    expect(selector.views('get_weather').some((view) => view.kind === 'learned')).toBe(false);
  });

  it('keeps learning in the selector only with isSaved: false', async () => {
    const selector = await open();
    const session = createSession(selector, { ...HASH, learn: { isSaved: false } });
    session.addMessage({ role: 'user', content: umbrella });
    session.recordToolCall('get_weather');
    await session.flush();
    expect(selector.learned()).toEqual([{ prompt: umbrella, tool: 'get_weather', source: 'call' }]);
    await expect(readFile(path.join(dir, LEARNED_FILE), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    ['an OpenAI key', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345'],
    ['a GitHub token', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
    ['a bearer token', 'Bearer abcdefghijklmnopqrstuvwxyz.0123456789'],
  ])('skips a prompt holding %s, and writes nothing of it', async (_name, secret) => {
    const prompt = `email the weather report to Bob, auth ${secret}`;
    const selector = await open();
    const session = createSession(selector, { ...HASH, learn: true });
    session.addMessage({ role: 'user', content: prompt });
    session.recordToolCall('send_email');
    session.addMessage({ role: 'user', content: 'email Bob the report' });
    session.recordToolCall('send_email');
    expect(await session.flush()).toMatchObject({ changed: 1, skipped: 1, failed: 0 });
    expect(selector.learned()).toEqual([
      { prompt: 'email Bob the report', tool: 'send_email', source: 'call' },
    ]);
    expect(await readFile(path.join(dir, LEARNED_FILE), 'utf8')).not.toContain(secret);
  });

  it('counts a call made before any user message as skipped', async () => {
    const session = createSession(await open(), { ...HASH, learn: true });
    session.recordToolCall('get_weather');
    expect(await session.flush()).toMatchObject({ changed: 0, skipped: 1 });
  });
});

describe('learning failures', () => {
  /** A call whose tool leaves the catalog before the background learning runs: learning it fails UNKNOWN_TOOL. */
  const callRemovedTool = async (
    options: { onLearnError?: (failure: LearnFailure) => void } = {},
  ): Promise<{ selector: Selector; session: ReturnType<typeof createSession> }> => {
    const selector = await open();
    const session = createSession(selector, { ...HASH, learn: options });
    session.addMessage({ role: 'user', content: umbrella });
    session.recordToolCall('send_email');
    session.recordToolCall('get_weather');
    await selector.removeTools(['get_weather']);
    return { selector, session };
  };

  it('learns the other calls of the batch and reports the failure on the next select, once', async () => {
    const { selector, session } = await callRemovedTool();
    expect(await session.flush()).toMatchObject({ changed: 1, failed: 1, tools: ['send_email'] });
    expect(selector.learned()).toEqual([{ prompt: umbrella, tool: 'send_email', source: 'call' }]);
    const next = await session.select();
    expect(next.learnFailures).toEqual([
      {
        example: { prompt: umbrella, tool: 'get_weather' },
        error: expect.objectContaining({ code: 'UNKNOWN_TOOL' }),
      },
    ]);
    expect(String(next.learnFailures[0]?.error)).toMatchInlineSnapshot(
      `"ToolsiftError: cannot learn for unknown tool "get_weather": no tool in the catalog has this id or name"`,
    );
    expect((await session.select()).learnFailures).toEqual([]);
  });

  it('gives failures to onLearnError instead of the next select', async () => {
    const failures: LearnFailure[] = [];
    const { session } = await callRemovedTool({ onLearnError: (failure) => failures.push(failure) });
    await session.flush();
    expect(failures.map((failure) => failure.example.tool)).toEqual(['get_weather']);
    expect((await session.select()).learnFailures).toEqual([]);
  });

  it('reports the error of an onLearnError that throws on the next select, never as a rejection', async () => {
    const { session } = await callRemovedTool({
      onLearnError: () => {
        throw new Error('handler broke');
      },
    });
    expect(await session.flush()).toMatchObject({ failed: 1 });
    const [failure] = (await session.select()).learnFailures;
    expect(failure?.error).toEqual(new Error('handler broke'));
  });

  it.each([0, 1.5, -3, Number.NaN])('rejects maxPerTool %s with USAGE_ERROR', async (maxPerTool) => {
    const selector = await open();
    expect(() => createSession(selector, { learn: { maxPerTool } })).toThrow(
      expect.objectContaining({ code: 'USAGE_ERROR' }),
    );
  });

  it('says what maxPerTool must be', async () => {
    const selector = await open();
    expect(() => createSession(selector, { learn: { maxPerTool: 0 } })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: maxPerTool must be a whole number >= 1 (or Infinity for no bound), got 0]`,
    );
  });
});

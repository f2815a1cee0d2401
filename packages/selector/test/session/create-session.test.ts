import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAIChatTool } from '@toolsift/core';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/embedding/create-embedder.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import { createSession } from '../../src/session/create-session.js';
import { countingEmbedder, makeTool, sampleTools } from '../fixtures/make-tool.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let hashSelector: Selector;
let useLiteSelector: Selector;
let indexDir: string;

beforeAll(async () => {
  hashSelector = await createSelector({
    catalog: sampleTools(),
    embedder: countingEmbedder(),
    indexDir: false,
  });
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-session-'));
  useLiteSelector = await createSelector({
    catalog: path.join(repoRoot, 'metadata'),
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    indexDir,
  });
});
afterAll(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

// The hash embedder's similarities are not calibrated: abstention would judge them, not the session.
const HASH = { selection: { abstain: false } } as const;
const ids = (selection: { tools: ReadonlyArray<{ id: string }> }): string[] =>
  selection.tools.map((tool) => tool.id);

describe('createSession', () => {
  it('still finds the weather tool for a follow-up that does not name it (use-lite, metadata/)', async () => {
    const session = createSession(useLiteSelector, {
      k: 3,
      selection: { env: { OPENWEATHER_API_KEY: 'set' } },
    });
    session.addMessage({ role: 'user', content: "what's the weather in Paris?" });
    const first = await session.select();
    expect(ids(first)).toContain('get_current_weather');
    session.addMessage({ role: 'assistant', content: 'It is 18 °C and sunny in Paris.' });
    session.addMessage({ role: 'user', content: 'and in London tomorrow?' });
    const followUp = await session.select();
    expect(ids(followUp)).toEqual(expect.arrayContaining(['get_current_weather', 'get_weather_forecast']));
    const forecast = followUp.tools.find((tool) => tool.id === 'get_weather_forecast');
    expect(forecast?.reasons.at(-1)).toMatchObject({ kind: 'session' });
    expect(forecast?.reasons.at(-1)?.message).toMatch(
      /^confidence [\d.]+ = last message [\d.]+ x 0\.65 \+ conversation/,
    );
    expect(followUp.turn).toBe(2);
  });

  it('emits the offered tools for the target, with the names map', async () => {
    const session = createSession(hashSelector, { ...HASH, k: 2 });
    session.addMessage({ role: 'user', content: 'is it raining in Oslo right now' });
    const selection = await session.select();
    const formatted: OpenAIChatTool[] = selection.formatted;
    expect(formatted.map((tool) => tool.function.name)).toEqual(ids(selection));
    expect(selection.names).toEqual(Object.fromEntries(ids(selection).map((id) => [id, id])));
    expect(selection.tokens).toHaveLength(2);
    expect(session.target).toBe('openai');
  });

  it('emits MCP definitions for the mcp target', async () => {
    const session = createSession(hashSelector, { ...HASH, k: 1, target: 'mcp' });
    session.addMessage({ role: 'user', content: 'is it raining in Oslo right now' });
    const [tool] = (await session.select()).formatted;
    expect(tool).toMatchObject({ name: 'get_weather', inputSchema: { type: 'object' } });
  });

  it('keeps a called tool for stickyTurns turns after the call, then drops it', async () => {
    const session = createSession(hashSelector, { ...HASH, k: 1, stickyTurns: 1 });
    session.addMessage({ role: 'user', content: 'translate this text into French' });
    expect(ids(await session.select())).toEqual(['translate_text']);
    expect(session.recordToolCall('translate_text')).toBe('translate_text');
    session.addMessage({ role: 'user', content: 'what is the stock price quote for ACME' });
    const next = await session.select();
    expect(next.tools.map((tool) => [tool.id, tool.isSticky])).toEqual([
      ['translate_text', true],
      ['stock_quote', false],
    ]);
    expect(next.tools[0]?.reasons.at(-1)?.message).toBe('called 1 turn ago; kept for 0 more turns');
    session.addMessage({ role: 'user', content: 'send an email message to the recipient' });
    expect(ids(await session.select())).not.toContain('translate_text');
  });

  it('keeps the previous order for tools that stay and appends new ones', async () => {
    const session = createSession(hashSelector, { ...HASH, k: 3, historyTurns: 1 });
    session.addMessage({ role: 'user', content: 'latest stock price quote for a ticker symbol' });
    const first = await session.select();
    const again = await session.select();
    expect(ids(again)).toEqual(ids(first));
    expect(again.hasChanged).toBe(false);
    expect(again.formatted).toEqual(first.formatted);
    session.addMessage({ role: 'user', content: 'create a calendar event with attendees' });
    const next = await session.select();
    const stayed = ids(first).filter((id) => ids(next).includes(id));
    expect(ids(next).slice(0, stayed.length)).toEqual(stayed);
    expect(ids(next)).toContain('calendar_event');
    expect(next.hasChanged).toBe(true);
  });

  it('routes emitted names back to tool ids, across turns', async () => {
    const selector = await createSelector({
      catalog: [
        makeTool({ id: 'maps.route', description: 'Driving directions between two addresses on a map.' }),
        makeTool({ id: 'mail.send', description: 'Send an email message to a recipient.' }),
      ],
      embedder: countingEmbedder(),
      indexDir: false,
    });
    const session = createSession(selector, {
      k: 1,
      historyTurns: 1,
      stickyTurns: 0,
      selection: { abstain: false },
    });
    session.addMessage({ role: 'user', content: 'driving directions between two addresses' });
    expect((await session.select()).names).toEqual({ maps_route: 'maps.route' });
    session.addMessage({ role: 'user', content: 'send an email message to Bob' });
    expect((await session.select()).names).toEqual({ mail_send: 'mail.send' });
    expect(session.resolveToolCall('maps_route')).toBe('maps.route');
    expect(session.resolveToolCall('mail_send')).toBe('mail.send');
    expect(session.resolveToolCall('maps.route')).toBe('maps.route');
  });

  it.each([
    [
      'an unknown tool call',
      () => createSession(hashSelector).resolveToolCall('launch_rockets'),
      'UNKNOWN_TOOL',
    ],
    [
      'recording an unknown tool',
      () => createSession(hashSelector).recordToolCall('launch_rockets'),
      'UNKNOWN_TOOL',
    ],
    ['k = 0', () => createSession(hashSelector, { ...HASH, k: 0 }), 'USAGE_ERROR'],
    ['lastTurnWeight = 2', () => createSession(hashSelector, { lastTurnWeight: 2 }), 'USAGE_ERROR'],
  ])('rejects %s', (_name, action, code) => {
    expect(action).toThrow(expect.objectContaining({ code }));
  });

  it('explains an unknown tool call with the offered names', async () => {
    const session = createSession(hashSelector, { ...HASH, k: 1 });
    session.addMessage({ role: 'user', content: 'translate this text into French' });
    await session.select();
    expect(() => session.resolveToolCall('launch_rockets')).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: the model called "launch_rockets", which is neither an offered tool nor a tool id. Offered tools: translate_text.]`,
    );
  });

  it('refuses to select before any user message', async () => {
    const session = createSession(hashSelector);
    session.addMessage({ role: 'system', content: 'You are helpful.' });
    await expect(session.select()).rejects.toMatchObject({
      code: 'USAGE_ERROR',
      message: 'the session has no user message to select tools for',
    });
  });
});

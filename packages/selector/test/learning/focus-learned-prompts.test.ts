import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/embedding/create-embedder.js';
import { focusLearnedPrompts } from '../../src/learning/focus-learned-prompts.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';
import { createSession } from '../../src/session/create-session.js';
import { sampleTools } from '../fixtures/make-tool.js';

const weather = 'Will it rain in Oslo tomorrow morning?';
const stock = 'Also tell me the latest share price of Apple.';
const email = 'Then send an email to my boss saying I will be late.';
const twoRequests = `${weather} ${stock}`;

let dir: string;
let selector: Selector;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolsift-focus-'));
  selector = await createSelector({
    catalog: sampleTools(),
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    indexDir: dir,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const focus = (examples: Array<{ prompt: string; tool: string }>, calledBefore?: string[]) =>
  focusLearnedPrompts({
    examples,
    embedder: selector.embedder,
    views: (toolId) => selector.views(toolId),
    ...(calledBefore === undefined ? {} : { calledBefore: () => calledBefore }),
  });

describe('focusLearnedPrompts (use-lite)', () => {
  it('gives each tool of a two-request message the sentence that asked for it', async () => {
    expect(
      await focus([
        { prompt: twoRequests, tool: 'get_weather' },
        { prompt: twoRequests, tool: 'stock_quote' },
      ]),
    ).toEqual([
      { prompt: weather, tool: 'get_weather' },
      { prompt: stock, tool: 'stock_quote' },
    ]);
  });

  it('picks the right sentence of three, whatever the order of the calls', async () => {
    const prompt = `${stock} ${email} ${weather}`;
    expect(
      await focus([
        { prompt, tool: 'send_email' },
        { prompt, tool: 'get_weather' },
        { prompt, tool: 'stock_quote' },
      ]),
    ).toEqual([
      { prompt: email, tool: 'send_email' },
      { prompt: weather, tool: 'get_weather' },
      { prompt: stock, tool: 'stock_quote' },
    ]);
  });

  it.each([
    ['a message that called one tool', [{ prompt: twoRequests, tool: 'get_weather' }]],
    [
      'a single-sentence message that called two tools',
      [
        { prompt: 'weather in Oslo and the Apple share price', tool: 'get_weather' },
        { prompt: 'weather in Oslo and the Apple share price', tool: 'stock_quote' },
      ],
    ],
  ])('learns %s whole', async (_case, examples) => {
    expect(await focus(examples)).toEqual(examples);
  });

  it('leaves the prompt of a tool the catalog does not have whole (selector.learn reports it)', async () => {
    expect(
      await focus([
        { prompt: twoRequests, tool: 'get_weather' },
        { prompt: twoRequests, tool: 'no_such_tool' },
      ]),
    ).toEqual([
      { prompt: weather, tool: 'get_weather' },
      { prompt: twoRequests, tool: 'no_such_tool' },
    ]);
  });

  it('focuses a call whose message called another tool in an earlier batch', async () => {
    expect(await focus([{ prompt: twoRequests, tool: 'stock_quote' }], ['get_weather'])).toEqual([
      { prompt: stock, tool: 'stock_quote' },
    ]);
  });
});

describe('a session that learns a message calling two tools (use-lite)', () => {
  it('learns for each tool the part of the message that asked for it', async () => {
    const session = createSession(selector, { learn: { isSaved: false }, selection: { abstain: false } });
    session.addMessage({ role: 'user', content: twoRequests });
    await session.select();
    session.recordToolCall('get_weather');
    session.recordToolCall('stock_quote');
    expect(await session.flush()).toMatchObject({ changed: 2, tools: ['get_weather', 'stock_quote'] });
    expect(selector.learned()).toEqual(
      expect.arrayContaining([
        { prompt: weather, tool: 'get_weather', source: 'call' },
        { prompt: stock, tool: 'stock_quote', source: 'call' },
      ]),
    );
    expect(selector.learned().map((example) => example.prompt)).not.toContain(twoRequests);
  });

  it('focuses a later call of a message whose first call was learned in an earlier step', async () => {
    const tesla = 'And what is the Tesla share price today?';
    const prompt = `${email} ${tesla}`;
    const session = createSession(selector, { learn: { isSaved: false }, selection: { abstain: false } });
    session.addMessage({ role: 'user', content: prompt });
    session.recordToolCall('send_email');
    // The first call is learned before the message is known to call another tool: it keeps the whole message.
    expect(await session.flush()).toMatchObject({ changed: 1, tools: ['send_email'] });
    session.recordToolCall('stock_quote');
    expect(await session.flush()).toMatchObject({ changed: 1, tools: ['stock_quote'] });
    expect(selector.learned()).toEqual(
      expect.arrayContaining([
        { prompt, tool: 'send_email', source: 'call' },
        { prompt: tesla, tool: 'stock_quote', source: 'call' },
      ]),
    );
    expect(selector.learned()).not.toContainEqual({ prompt, tool: 'stock_quote', source: 'call' });
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolsiftError } from '@toolsift/core';
import { createHashEmbedder } from '@toolsift/selector';
import { type ModelMessage, tool } from 'ai';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createToolsift } from '../../src/ai-sdk/index.js';
import { createFailingEmbedder } from '../fixtures/failing-embedder.js';

const execute = async (): Promise<string> => 'ok';
const tools = {
  get_weather: tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute,
  }),
  get_forecast: tool({
    description: 'Weather forecast for a city for the next days',
    inputSchema: z.object({ city: z.string() }),
    execute,
  }),
  send_email: tool({
    description: 'Send an email to someone',
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute,
  }),
  create_invoice: tool({
    description: 'Create an invoice for a customer',
    inputSchema: z.object({ customer: z.string() }),
    execute,
  }),
};
const options = { embedder: createHashEmbedder(), indexDir: false, selection: { abstain: false } } as const;

describe('createToolsift', () => {
  test('prepareStep returns the activeTools that select chooses', async () => {
    const toolsift = await createToolsift(tools, { ...options, k: 2 });
    const messages: ModelMessage[] = [{ role: 'user', content: 'weather in Paris?' }];
    const step = await toolsift.select(messages);
    expect(step.activeTools).toHaveLength(2);
    expect(step.activeTools[0]).toBe('get_weather');
    expect(step.tools.map((entry) => entry.id)).toEqual(step.activeTools);
    await expect(toolsift.prepareStep({ messages })).resolves.toEqual({ activeTools: step.activeTools });
  });

  test('a called tool takes one of the k places: the request never carries more than k tools', async () => {
    // Only the last user turn is the query: nothing ranks the invoice tool but its call.
    const toolsift = await createToolsift(tools, { ...options, k: 2, historyTurns: 1 });
    const step = await toolsift.select([
      { role: 'user', content: 'invoice the ACME customer' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: '1', toolName: 'create_invoice', input: {} }],
      },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'weather in Paris?' },
    ]);
    expect(step.activeTools).toHaveLength(2);
    expect(step.activeTools).toContain('create_invoice');
    expect(step.activeTools).toContain('get_weather');
    // The session offered the invoice tool on top of its k; the lowest-ranked one made room for it.
    expect(step.selection?.tools.map((entry) => [entry.id, entry.isSticky])).toEqual([
      ['get_weather', false],
      ['get_forecast', false],
      ['create_invoice', true],
    ]);
  });

  test('a conversation with no user text yet gets no tools', async () => {
    const toolsift = await createToolsift(tools, options);
    await expect(
      toolsift.prepareStep({ messages: [{ role: 'user', content: [{ type: 'image', image: 'data:,' }] }] }),
    ).resolves.toEqual({ activeTools: [] });
    await expect(toolsift.select([{ role: 'system', content: 'You are helpful.' }])).resolves.toEqual({
      activeTools: [],
      tools: [],
      selection: undefined,
    });
  });

  test.each([
    [{ k: 0 }, 'USAGE_ERROR'],
    [{ stickyTurns: -1 }, 'USAGE_ERROR'],
    [{ lastTurnWeight: 2 }, 'USAGE_ERROR'],
    [{ metadata: { get_wether: { notFor: 'past weather' } } }, 'UNKNOWN_TOOL'],
    [{ metadata: { get_weather: { notFor: 3 } } }, 'METADATA_INVALID'],
  ])('bad options %o are a %s error at creation', async (bad, code) => {
    await expect(createToolsift(tools, { ...options, ...(bad as object) })).rejects.toMatchObject({ code });
  });

  test.each([0, Number.NaN])(
    'learn.maxPerTool %s is a USAGE_ERROR naming it at creation',
    async (maxPerTool) => {
      const attempt = createToolsift(tools, { ...options, learn: { maxPerTool } });
      await expect(attempt).rejects.toMatchObject({ code: 'USAGE_ERROR' });
      await expect(attempt).rejects.toThrow(
        `maxPerTool must be a whole number >= 1 (or Infinity for no bound), got ${maxPerTool}`,
      );
    },
  );
});

describe('learning from the calls prepareStep sees', () => {
  const called: ModelMessage[] = [
    { role: 'user', content: 'weather in Paris?' },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: '1', toolName: 'get_weather', input: { city: 'Paris' } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: '1',
          toolName: 'get_weather',
          output: { type: 'text', value: 'sunny' },
        },
      ],
    },
  ];

  test('flush returns what was learned', async () => {
    const toolsift = await createToolsift(tools, { ...options, learn: { isSaved: false } });
    await toolsift.prepareStep({ messages: called });
    expect(await toolsift.flush()).toEqual({
      changed: 1,
      unchanged: 0,
      tools: ['get_weather'],
      skipped: 0,
      failed: 0,
      failures: [],
    });
    expect(toolsift.selector.learned()).toEqual([
      { prompt: 'weather in Paris?', tool: 'get_weather', source: 'call' },
    ]);
  });

  test('a call whose learning fails is returned by flush, not lost in prepareStep', async () => {
    const indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-ai-sdk-learn-'));
    try {
      const toolsift = await createToolsift(tools, {
        ...options,
        indexDir: path.join(indexDir, 'index'),
        learn: true,
      });
      // The index folder becomes a file: saving what is learned fails, as on a disk gone read-only.
      await rm(path.join(indexDir, 'index'), { recursive: true });
      await writeFile(path.join(indexDir, 'index'), '');
      await toolsift.prepareStep({ messages: called });
      const summary = await toolsift.flush();
      expect(summary).toMatchObject({ changed: 0, failed: 1 });
      expect(summary.failures).toEqual([
        { example: { prompt: 'weather in Paris?', tool: 'get_weather' }, error: expect.anything() },
      ]);
      expect(await toolsift.flush()).toMatchObject({ failed: 0, failures: [] });
    } finally {
      await rm(indexDir, { recursive: true, force: true });
    }
  });

  test('with onLearnError the failures go to it', async () => {
    const indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-ai-sdk-learn-'));
    try {
      const failed: string[] = [];
      const toolsift = await createToolsift(tools, {
        ...options,
        indexDir: path.join(indexDir, 'index'),
        learn: { onLearnError: (failure) => failed.push(failure.example.tool) },
      });
      await rm(path.join(indexDir, 'index'), { recursive: true });
      await writeFile(path.join(indexDir, 'index'), '');
      await toolsift.prepareStep({ messages: called });
      expect(await toolsift.flush()).toMatchObject({ failed: 1, failures: [] });
      expect(failed).toEqual(['get_weather']);
    } finally {
      await rm(indexDir, { recursive: true, force: true });
    }
  });
});

describe('a selection that fails during a run', () => {
  const messages: ModelMessage[] = [{ role: 'user', content: 'weather in Paris?' }];

  test('prepareStep offers every tool and hands the error to onSelectionError; select throws it', async () => {
    const embedder = createFailingEmbedder();
    const errors: ToolsiftError[] = [];
    const toolsift = await createToolsift(tools, {
      ...options,
      embedder,
      k: 2,
      onSelectionError: (error) => errors.push(error),
    });
    embedder.failure = 'request';
    await expect(toolsift.prepareStep({ messages })).resolves.toEqual({ activeTools: Object.keys(tools) });
    expect(errors.map((error) => error.code)).toEqual(['EMBEDDING_REQUEST_FAILED']);
    await expect(toolsift.select(messages)).rejects.toMatchObject({ code: 'EMBEDDING_REQUEST_FAILED' });
    // Once the embedder is back, the same conversation selects again.
    embedder.failure = 'none';
    await expect(toolsift.prepareStep({ messages })).resolves.toEqual({
      activeTools: ['get_weather', 'get_forecast'],
    });
  });

  test('without a handler the step still gets every tool; a throwing handler stops it; a bug is thrown', async () => {
    const embedder = createFailingEmbedder();
    const silent = await createToolsift(tools, { ...options, embedder });
    const stopping = await createToolsift(tools, {
      ...options,
      embedder,
      onSelectionError: (error) => {
        throw error;
      },
    });
    embedder.failure = 'request';
    await expect(silent.prepareStep({ messages })).resolves.toEqual({ activeTools: Object.keys(tools) });
    await expect(stopping.prepareStep({ messages })).rejects.toMatchObject({
      code: 'EMBEDDING_REQUEST_FAILED',
    });
    embedder.failure = 'bug';
    await expect(silent.prepareStep({ messages })).rejects.toThrow(TypeError);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import type { Runnable } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { FakeChatModel, FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { createEmbedder, createHashEmbedder } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z as z4 } from 'zod';
import { z as z3 } from 'zod/v3';
import { createToolsift, type LangChainToolsift } from '../../src/langchain/index.js';
import { langChainToolDefinitions } from '../../src/langchain/langchain-tool-definitions.js';
import { conversationSlice, placeholderArguments } from '../fixtures/dev-tools-conversation.js';
import { createFailingEmbedder } from '../fixtures/failing-embedder.js';

const K = 5;
const { catalog, buildTurn, issueTurn, byName } = await conversationSlice();

/** Every tool execution, in order. */
const executed: string[] = [];
const langChainTools = catalog.map((entry) =>
  tool(
    async () => {
      executed.push(entry.name);
      return JSON.stringify({ ok: true, tool: entry.name });
    },
    { name: entry.name, description: entry.description, schema: entry.parameters },
  ),
);
const toolsByName = new Map(langChainTools.map((entry) => [entry.name, entry]));

/** LangChain callbacks that record the tool names each model call was bound, as its call options show them. */
const boundToolsRecorder = (into: string[][]) => ({
  handleChatModelStart(
    ...[, , , , extra]: [unknown, unknown, unknown, unknown, { options?: { tools?: unknown } }?]
  ) {
    const tools = (extra?.options?.tools ?? []) as Array<{ function: { name: string } }>;
    into.push(tools.map((entry) => entry.function.name));
  },
});

/** The tool names of every model call. */
const requests: string[][] = [];
const recorder = boundToolsRecorder(requests);

/**
 * LangChain's own fake chat model, scripted per call: after a tool result it answers; for a user message it
 * calls the gold tool of that message.
 */
function scriptedModel(messages: readonly BaseMessage[]): FakeStreamingChatModel {
  if (messages.at(-1)?.getType() === 'tool') {
    return new FakeStreamingChatModel({ responses: [new AIMessage('Done.')] });
  }
  const lastUser = messages.findLast((message) => message.getType() === 'human');
  const prompt = [buildTurn, issueTurn].find((entry) => entry.query === lastUser?.content);
  if (prompt === undefined) throw new Error('the script has no reply for this conversation');
  const call = {
    name: prompt.gold,
    args: placeholderArguments(byName.get(prompt.gold)!),
    type: 'tool_call' as const,
  };
  return new FakeStreamingChatModel({
    chunks: [new AIMessageChunk({ content: '', tool_calls: [{ ...call, id: `call_${requests.length}` }] })],
  });
}

/**
 * A user's agent loop: call the model with the tools `bind` gives it; run each tool call the model made, but
 * only of a tool it was offered (a real model cannot call any other); until it answers.
 */
async function runTurn(
  messages: BaseMessage[],
  bind: (model: FakeStreamingChatModel) => Promise<Runnable<BaseLanguageModelInput, AIMessageChunk>>,
): Promise<string> {
  for (let step = 0; step < 4; step++) {
    const response = await (await bind(scriptedModel(messages))).invoke(messages, { callbacks: [recorder] });
    messages.push(response);
    if (response.tool_calls === undefined || response.tool_calls.length === 0)
      return String(response.content);
    for (const call of response.tool_calls) {
      if (!requests.at(-1)?.includes(call.name)) throw new Error(`the model was not offered ${call.name}`);
      // Invoked with a tool call, a LangChain tool returns a ToolMessage (its type says the function's string).
      const result: unknown = await toolsByName.get(call.name)!.invoke({ ...call, type: 'tool_call' });
      messages.push(result as ToolMessage);
    }
  }
  throw new Error('the loop did not end');
}

let indexDir: string;
let toolsift: LangChainToolsift<(typeof langChainTools)[number]>;

beforeAll(async () => {
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-langchain-'));
  toolsift = await createToolsift(langChainTools, {
    k: K,
    // The follow-up is on another topic: with the last message alone as the query, only stickiness keeps
    // the first turn's tool.
    historyTurns: 1,
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    indexDir,
  });
});
afterAll(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

describe('createToolsift for LangChain, with its FakeStreamingChatModel in an agent loop', () => {
  test('selectTools + model.bindTools: at most k of 100+ tools, the gold one bound and run; sticky in a follow-up', async () => {
    expect(langChainTools.length).toBeGreaterThanOrEqual(100);
    const messages: BaseMessage[] = [new HumanMessage(buildTurn.query)];
    const bindSelected = async (model: FakeStreamingChatModel) =>
      model.bindTools(await toolsift.selectTools(messages));
    const before = requests.length;

    expect(await runTurn(messages, bindSelected)).toBe('Done.');
    const [first, afterTool] = requests.slice(before);
    expect(first!.length).toBeLessThanOrEqual(K);
    expect(first).toContain(buildTurn.gold);
    expect(afterTool).toEqual(first);
    expect(executed).toEqual([buildTurn.gold]);

    // On its own the follow-up does not select the first tool: only the call keeps it.
    const alone = await toolsift.selector.select(issueTurn.query, { k: K });
    expect(alone.tools.map((entry) => entry.id)).not.toContain(buildTurn.gold);
    messages.push(new HumanMessage(issueTurn.query));
    const choice = await toolsift.select(messages);
    expect(choice.offered.find((entry) => entry.id === buildTurn.gold)?.isSticky).toBe(true);
    expect(choice.tools.map((entry) => entry.name)).toEqual(choice.offered.map((entry) => entry.id));

    expect(await runTurn(messages, bindSelected)).toBe('Done.');
    const followUp = requests[before + 2]!;
    expect(followUp.length).toBeLessThanOrEqual(K);
    expect(followUp).toEqual(expect.arrayContaining([buildTurn.gold, issueTurn.gold]));
    expect(executed).toEqual([buildTurn.gold, issueTurn.gold]);
  });

  test('toolsift.bindTools(model) binds the selected tools per invocation, the same way', async () => {
    const messages: BaseMessage[] = [new HumanMessage(issueTurn.query)];
    const before = requests.length;
    expect(await runTurn(messages, async (model) => toolsift.bindTools(model))).toBe('Done.');
    const first = requests[before]!;
    expect(first.length).toBeLessThanOrEqual(K);
    expect(first).toContain(issueTurn.gold);
    expect(first.toSorted()).toEqual(
      (await toolsift.selectTools([new HumanMessage(issueTurn.query)])).map((entry) => entry.name).toSorted(),
    );
  });

  test('the Runnable streams: the bound model streams its tool call, with the selected tools', async () => {
    const messages = [new HumanMessage(buildTurn.query)];
    const before = requests.length;
    const chunks: AIMessageChunk[] = [];
    const stream = await toolsift
      .bindTools(scriptedModel(messages))
      .stream(messages, { callbacks: [recorder] });
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.flatMap((chunk) => chunk.tool_calls ?? []).map((call) => call.name)).toEqual([
      buildTurn.gold,
    ]);
    expect(requests[before]!.length).toBeLessThanOrEqual(K);
    expect(requests[before]).toContain(buildTurn.gold);
  });

  test('message-likes, a string prompt and a prompt value select the same tools as messages', async () => {
    const expected = (await toolsift.selectTools([new HumanMessage(issueTurn.query)])).map(
      (entry) => entry.name,
    );
    const names = async (input: Parameters<typeof toolsift.selectTools>[0]) =>
      (await toolsift.selectTools(input)).map((entry) => entry.name);
    expect(await names([{ role: 'user', content: issueTurn.query }])).toEqual(expected);
    expect(await names([['human', issueTurn.query]])).toEqual(expected);
    expect(await names(issueTurn.query)).toEqual(expected);
    expect(
      await names(
        await ChatPromptTemplate.fromMessages([['human', '{question}']]).invoke({
          question: issueTurn.query,
        }),
      ),
    ).toEqual(expected);
    expect(await toolsift.select([new SystemMessage('You are helpful.')])).toEqual({
      tools: [],
      offered: [],
      selection: undefined,
    });
  });

  test('a restart reloads the index from its folder, and with learn each call is learned for its user message', async () => {
    const restarted = await createToolsift(langChainTools, {
      k: K,
      embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
      indexDir,
      learn: { isSaved: false },
    });
    expect(restarted.selector.index).toMatchObject({ status: 'loaded', embedded: 0 });
    const messages: BaseMessage[] = [new HumanMessage(buildTurn.query)];
    expect(await runTurn(messages, async (model) => restarted.bindTools(model))).toBe('Done.');
    await restarted.flush();
    expect(restarted.selector.learned()).toContainEqual({
      prompt: buildTurn.query,
      tool: buildTurn.gold,
      source: 'call',
    });
  });
});

describe('langChainToolDefinitions', () => {
  test("reads zod 4, zod 3, JSON Schema and OpenAI-format tools through LangChain's converter", () => {
    const schema = {
      type: 'object' as const,
      properties: { city: { type: 'string' as const } },
      required: ['city'],
    };
    const definitions = langChainToolDefinitions([
      tool(async () => '', {
        name: 'zod4',
        description: 'zod 4 tool',
        schema: z4.object({ city: z4.string() }),
      }),
      tool(async () => '', {
        name: 'zod3',
        description: 'zod 3 tool',
        // LangChain's zod 3 interop type does not hold under exactOptionalPropertyTypes; the runtime does.
        schema: z3.object({ city: z3.string() }) as never,
      }),
      tool(async () => '', { name: 'json', description: 'JSON Schema tool', schema }),
      {
        type: 'function',
        function: { name: 'openai', description: 'OpenAI definition', parameters: schema },
      },
    ]);
    expect(definitions.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: 'zod4', description: 'zod 4 tool' },
      { name: 'zod3', description: 'zod 3 tool' },
      { name: 'json', description: 'JSON Schema tool' },
      { name: 'openai', description: 'OpenAI definition' },
    ]);
    for (const definition of definitions) {
      expect(definition.inputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string' } },
      });
    }
  });

  test('tools that are not an array are a METADATA_INVALID error saying what was expected', () => {
    const attempt = () => langChainToolDefinitions({ search: langChainTools[0] } as never);
    expect(attempt).toThrow(expect.objectContaining({ code: 'METADATA_INVALID' }));
    expect(attempt).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: the LangChain tools must be an array of tools (what bindTools takes), got object]`,
    );
  });

  test('metadata naming a tool that is not in the list is an UNKNOWN_TOOL error listing the tools', () => {
    const attempt = () =>
      langChainToolDefinitions(langChainTools.slice(0, 2), { getWeather: { notFor: 'climate' } });
    expect(attempt).toThrow(expect.objectContaining({ code: 'UNKNOWN_TOOL' }));
    expect(attempt).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: metadata names "getWeather", which is not one of the tools. Tools: maps.geocodeAddress, maps.showMap.]`,
    );
  });
});

describe('createToolsift errors', () => {
  test.each([0, Number.NaN])(
    'learn.maxPerTool %s is a USAGE_ERROR naming it at creation',
    async (maxPerTool) => {
      const attempt = createToolsift(langChainTools.slice(0, 8), {
        embedder: createHashEmbedder(),
        indexDir: false,
        learn: { maxPerTool },
      });
      await expect(attempt).rejects.toMatchObject({ code: 'USAGE_ERROR' });
      await expect(attempt).rejects.toThrow(
        `maxPerTool must be a whole number >= 1 (or Infinity for no bound), got ${maxPerTool}`,
      );
    },
  );

  test('binding a model that cannot bind tools is a USAGE_ERROR', () => {
    const attempt = () => toolsift.bindTools(new FakeChatModel({}));
    expect(attempt).toThrow(expect.objectContaining({ code: 'USAGE_ERROR' }));
    expect(attempt).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: the chat model FakeChatModel has no bindTools: toolsift can only select tools for a model that supports tool calling]`,
    );
  });
});

describe('learning from the calls bindTools sees', () => {
  test('a call whose learning fails is returned by flush, not lost in bindTools', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'toolsift-langchain-learn-'));
    try {
      const few = langChainTools.slice(0, 8);
      const learning = await createToolsift(few, {
        embedder: createHashEmbedder(),
        indexDir: path.join(folder, 'index'),
        learn: true,
      });
      // The index folder becomes a file: saving what is learned fails, as on a disk gone read-only.
      await rm(path.join(folder, 'index'), { recursive: true });
      await writeFile(path.join(folder, 'index'), '');
      const called = few[0]!.name;
      const messages = [
        new HumanMessage(buildTurn.query),
        new AIMessage({
          content: '',
          tool_calls: [{ name: called, args: {}, id: 'call_1', type: 'tool_call' }],
        }),
        new ToolMessage({ content: 'ok', tool_call_id: 'call_1' }),
      ];
      const model = new FakeStreamingChatModel({ responses: [new AIMessage('Done.')] });
      expect((await learning.bindTools(model).invoke(messages)).content).toBe('Done.');
      const summary = await learning.flush();
      expect(summary).toMatchObject({ changed: 0, failed: 1 });
      expect(summary.failures).toEqual([
        { example: { prompt: buildTurn.query, tool: called }, error: expect.anything() },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('a selection that fails during a run', () => {
  test('bindTools binds every tool and hands the error to onSelectionError; selectTools throws it', async () => {
    const embedder = createFailingEmbedder();
    const errors: string[] = [];
    const few = langChainTools.slice(0, 8);
    const failing = await createToolsift(few, {
      k: 2,
      embedder,
      indexDir: false,
      onSelectionError: (error) => errors.push(error.code),
    });
    embedder.failure = 'request';
    const bound: string[][] = [];
    const model = new FakeStreamingChatModel({ responses: [new AIMessage('Done.')] });
    const response = await failing.bindTools(model).invoke([new HumanMessage(buildTurn.query)], {
      callbacks: [boundToolsRecorder(bound)],
    });
    expect(response.content).toBe('Done.');
    expect(bound).toEqual([few.map((entry) => entry.name)]);
    expect(errors).toEqual(['EMBEDDING_REQUEST_FAILED']);
    await expect(failing.selectTools([new HumanMessage(buildTurn.query)])).rejects.toMatchObject({
      code: 'EMBEDDING_REQUEST_FAILED',
    });
  });
});

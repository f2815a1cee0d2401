import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tool } from '@toolsift/core';
import { type AiSdkToolsift, createToolsift } from '@toolsift/frameworks/ai-sdk';
import { createEmbedder, type Embedder } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  simulateReadableStream,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONVERSATION, CONVERSATION_SCRIPT, catalogToolSet, OTHER_CONVERSATION } from './ai-sdk-catalog.js';
import { expectConversationRequests, runConversation } from './ai-sdk-conversation.js';
import { createScript, type PromptOptions, replyContent } from './ai-sdk-scripted-model.js';

// The AI SDK v6 (`ai@6`, LanguageModelV3) running its own agent loop over the ~110 tools of a developer's
// assistant (test/support/fixtures/dev-tools) with the real default embedder; the mock model records every request it
// receives. ai-sdk-v5.test.ts does the same with `ai@5`.

const K = 5;
let cacheRoot: string;
let embedder: Embedder;
let catalog: Tool[];
let tools: ToolSet;
let toolsift: AiSdkToolsift<ToolSet>;

beforeAll(async () => {
  cacheRoot = await mkdtemp(path.join(tmpdir(), 'toolsift-ai-sdk-v6-'));
  embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  ({ catalog, tools } = await catalogToolSet((entry) =>
    tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters as Parameters<typeof jsonSchema>[0]),
      execute: async () => ({ ok: true, tool: entry.id }),
    }),
  ));

  toolsift = await createToolsift(tools, { k: K, embedder, env: { TOOLSIFT_CACHE_DIR: cacheRoot } });
});

afterAll(async () => {
  await rm(cacheRoot, { recursive: true, force: true });
});

describe("createToolsift in the AI SDK's agent loop (ai v6, MockLanguageModelV3)", () => {
  test('each request carries at most k tools, the right one among them, and a called tool stays sticky', async () => {
    expect(catalog.length).toBeGreaterThanOrEqual(100);
    const script = createScript(CONVERSATION_SCRIPT);
    const model = scriptedModel(script.reply);
    const [first, second] = await runConversation(
      Object.keys(CONVERSATION_SCRIPT),
      (messages: ModelMessage[]) =>
        generateText({ model, tools, messages, prepareStep: toolsift.prepareStep, stopWhen: stepCountIs(4) }),
    );
    expect(first?.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([
      [CONVERSATION.firstTool],
      [],
    ]);
    expect(second?.toolCalls).toEqual([]);
    expect(second?.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual([CONVERSATION.secondTool]);
    expectConversationRequests(script.requests, K);
  });

  test('the build tool is offered in the follow-up only because it was called', async () => {
    const followUp = (calledFirst: boolean): ModelMessage[] => [
      { role: 'user', content: CONVERSATION.firstTurn },
      ...(calledFirst ? toolCallMessages(CONVERSATION.firstTool) : []),
      { role: 'assistant', content: 'Build 42 started.' },
      { role: 'user', content: CONVERSATION.secondTurn },
    ];
    const withCall = await toolsift.select(followUp(true));
    const withoutCall = await toolsift.select(followUp(false));
    expect(withCall.activeTools).toContain(CONVERSATION.firstTool);
    expect(withCall.tools.find((entry) => entry.id === CONVERSATION.firstTool)?.isSticky).toBe(true);
    expect(withoutCall.activeTools).not.toContain(CONVERSATION.firstTool);
    expect(withCall.activeTools).toHaveLength(K);
  });

  test('one toolsift object serves interleaved conversations without mixing their sticky tools', async () => {
    const script = createScript({
      [CONVERSATION.firstTurn]: CONVERSATION.firstTool,
      [CONVERSATION.secondTurn]: CONVERSATION.secondTool,
      [OTHER_CONVERSATION.firstTurn]: OTHER_CONVERSATION.firstTool,
    });
    const model = scriptedModel(script.reply);
    const run = (messages: ModelMessage[]) =>
      generateText({ model, tools, messages, prepareStep: toolsift.prepareStep, stopWhen: stepCountIs(4) });
    const builds: ModelMessage[] = [{ role: 'user', content: CONVERSATION.firstTurn }];
    const pulls: ModelMessage[] = [{ role: 'user', content: OTHER_CONVERSATION.firstTurn }];
    const [buildsTurn, pullsTurn] = await Promise.all([run(builds), run(pulls)]);
    builds.push(...buildsTurn.response.messages, { role: 'user', content: CONVERSATION.secondTurn });
    pulls.push(...pullsTurn.response.messages, { role: 'user', content: CONVERSATION.secondTurn });
    await run(builds);
    await run(pulls);
    // The same follow-up text in both conversations: each keeps only the tool it called itself.
    const followUps = script.requests.filter(
      (request) => request.userText === CONVERSATION.secondTurn && !request.isAfterToolResult,
    );
    expect(followUps).toHaveLength(2);
    const [buildsFollowUp, pullsFollowUp] = [followUps[0]!, followUps[1]!];
    expect(buildsFollowUp.tools).toContain(CONVERSATION.firstTool);
    expect(buildsFollowUp.tools).not.toContain(OTHER_CONVERSATION.firstTool);
    expect(pullsFollowUp.tools).toContain(OTHER_CONVERSATION.firstTool);
    expect(pullsFollowUp.tools).not.toContain(CONVERSATION.firstTool);
  });

  test('the activeTools option: select once for a single call', async () => {
    const script = createScript({ [OTHER_CONVERSATION.firstTurn]: OTHER_CONVERSATION.firstTool });
    const messages: ModelMessage[] = [{ role: 'user', content: OTHER_CONVERSATION.firstTurn }];
    const { activeTools } = await toolsift.select(messages);
    const result = await generateText({ model: scriptedModel(script.reply), tools, messages, activeTools });
    expect(result.toolCalls.map((call) => call.toolName)).toEqual([OTHER_CONVERSATION.firstTool]);
    expect(script.requests[0]?.tools.toSorted()).toEqual(activeTools.toSorted());
  });

  test('streamText takes the same prepareStep', async () => {
    const script = createScript({ [OTHER_CONVERSATION.firstTurn]: OTHER_CONVERSATION.firstTool });
    const result = streamText({
      model: streamingModel(script.reply),
      tools,
      messages: [{ role: 'user', content: OTHER_CONVERSATION.firstTurn }],
      prepareStep: toolsift.prepareStep,
      stopWhen: stepCountIs(4),
    });
    const steps = await result.steps;
    expect(steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([
      [OTHER_CONVERSATION.firstTool],
      [],
    ]);
    expect(await result.text).toBe('Done.');
    expect(script.requests).toHaveLength(2);
    for (const request of script.requests) {
      expect(request.tools.length).toBeLessThanOrEqual(K);
      expect(request.tools).toContain(OTHER_CONVERSATION.firstTool);
    }
  });

  test('learn: true learns each tool call once for the prompt it answered', async () => {
    const learning = await createToolsift(tools, {
      k: K,
      embedder,
      env: { TOOLSIFT_CACHE_DIR: cacheRoot },
      // In memory only: the index folder is shared with the other tests of this file.
      learn: { isSaved: false },
    });
    expect(learning.selector.index.status).toBe('loaded');
    const script = createScript({ [CONVERSATION.firstTurn]: CONVERSATION.firstTool });
    await generateText({
      model: scriptedModel(script.reply),
      tools,
      messages: [{ role: 'user', content: CONVERSATION.firstTurn }],
      prepareStep: learning.prepareStep,
      stopWhen: stepCountIs(4),
    });
    await learning.flush();
    expect(learning.selector.learned()).toEqual([
      { prompt: CONVERSATION.firstTurn, tool: CONVERSATION.firstTool, source: 'call' },
    ]);
    expect(toolsift.selector.learned()).toEqual([]);
  });

  test('a second createToolsift over the same tools reloads the index instead of embedding again', async () => {
    expect(toolsift.selector.index.dir?.startsWith(path.join(cacheRoot, 'indexes'))).toBe(true);
    const again = await createToolsift(tools, { k: K, embedder, env: { TOOLSIFT_CACHE_DIR: cacheRoot } });
    expect(again.selector.index).toMatchObject({
      dir: toolsift.selector.index.dir,
      status: 'loaded',
      embedded: 0,
    });
  });
});

// --- internal ---

/** A V3 mock model answering from the script. */
function scriptedModel(reply: ReturnType<typeof createScript>['reply']): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const answer = reply(options as PromptOptions);
      return {
        content: replyContent(answer),
        finishReason: { unified: answer.kind === 'call' ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

/** The same script as a streaming V3 mock model. */
function streamingModel(reply: ReturnType<typeof createScript>['reply']): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async (options) => {
      const answer = reply(options as PromptOptions);
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            ...(answer.kind === 'call'
              ? [
                  {
                    type: 'tool-call',
                    toolCallId: answer.callId,
                    toolName: answer.toolName,
                    input: '{}',
                  } as const,
                ]
              : [
                  { type: 'text-start', id: 'text' } as const,
                  { type: 'text-delta', id: 'text', delta: answer.text } as const,
                  { type: 'text-end', id: 'text' } as const,
                ]),
            {
              type: 'finish',
              finishReason: { unified: answer.kind === 'call' ? 'tool-calls' : 'stop', raw: undefined },
              usage: {
                inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 5, text: 5, reasoning: undefined },
              },
            },
          ],
        }),
      };
    },
  });
}

/** The messages of one tool call and its result, as the AI SDK appends them. */
function toolCallMessages(toolName: string): ModelMessage[] {
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-0', toolName, input: {} }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-0',
          toolName,
          output: { type: 'json', value: { ok: true } },
        },
      ],
    },
  ];
}

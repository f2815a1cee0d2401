import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tool } from '@toolsift/core';
import { type AiSdkToolsift, createToolsift } from '@toolsift/frameworks/ai-sdk';
import { createEmbedder } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { generateText, jsonSchema, type ModelMessage, stepCountIs, type ToolSet, tool } from 'ai-v5';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONVERSATION, CONVERSATION_SCRIPT, catalogToolSet } from './ai-sdk-catalog.js';
import { expectConversationRequests, runConversation } from './ai-sdk-conversation.js';
import { createScript, type PromptOptions, replyContent } from './ai-sdk-scripted-model.js';

// The AI SDK v5 (`ai@5`, LanguageModelV2) running its own agent loop over 100+ tools; see ai-sdk-v6.test.ts.

const K = 4;
let cacheRoot: string;
let catalog: Tool[];
let tools: ToolSet;
let toolsift: AiSdkToolsift<ToolSet>;

beforeAll(async () => {
  cacheRoot = await mkdtemp(path.join(tmpdir(), 'toolsift-ai-sdk-v5-'));
  ({ catalog, tools } = await catalogToolSet((entry) =>
    tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters as Parameters<typeof jsonSchema>[0]),
      execute: async () => ({ ok: true, tool: entry.id }),
    }),
  ));

  toolsift = await createToolsift(tools, {
    k: K,
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    env: { TOOLSIFT_CACHE_DIR: cacheRoot },
  });
});

afterAll(async () => {
  await rm(cacheRoot, { recursive: true, force: true });
});

describe('createToolsift with generateText (ai v5, MockLanguageModelV2)', () => {
  test('each request carries at most k tools, the right one among them, and a called tool stays sticky', async () => {
    expect(catalog.length).toBeGreaterThanOrEqual(100);
    expect(toolsift.selector.index.status).toBe('built');
    const script = createScript(CONVERSATION_SCRIPT);
    const model = scriptedModel(script.reply);
    const [first, second] = await runConversation(
      Object.keys(CONVERSATION_SCRIPT),
      (messages: ModelMessage[]) =>
        generateText({ model, tools, messages, prepareStep: toolsift.prepareStep, stopWhen: stepCountIs(4) }),
    );
    expect(first?.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual([CONVERSATION.firstTool]);
    expect(second?.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual([CONVERSATION.secondTool]);
    expectConversationRequests(script.requests, K);
  });
});

// --- internal ---

/** A V2 mock model answering from the script. */
function scriptedModel(reply: ReturnType<typeof createScript>['reply']): MockLanguageModelV2 {
  return new MockLanguageModelV2({
    doGenerate: async (options) => {
      const answer = reply(options as PromptOptions);
      return {
        content: replyContent(answer),
        finishReason: answer.kind === 'call' ? 'tool-calls' : 'stop',
        usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
        warnings: [],
      };
    },
  });
}

/**
 * The Vercel AI SDK with toolsift: `generateText` gets the whole tool set, and `prepareStep` gives the model only
 * the few tools that fit the conversation at each step. A tool the model called stays offered in the next turns.
 *
 * The model here is the AI SDK's own `MockLanguageModelV3`, scripted to call the tool a real model would pick
 * when the request offers it: the example runs offline. With a real model, replace `scriptedModel()` by e.g.
 * `openai('gpt-4o-mini')` from `@ai-sdk/openai`; nothing else changes.
 *
 * Run: pnpm tsx examples/ai-sdk.ts
 */
import { pathToFileURL } from 'node:url';
import { createToolsift } from '@toolsift/frameworks/ai-sdk';
import { generateText, jsonSchema, type ModelMessage, stepCountIs, type ToolSet, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import {
  type ExampleRequest,
  parametersSchema,
  printRequests,
  SCRIPT,
  TRAVEL_METADATA,
  TRAVEL_TOOLS,
} from './travel-tools.js';

/** The agent's tools, defined as usual with `tool()` (a zod schema works the same as `jsonSchema()`). */
export const tools: ToolSet = Object.fromEntries(
  TRAVEL_TOOLS.map((spec) => [
    spec.name,
    tool({
      description: spec.description,
      inputSchema: jsonSchema<Record<string, string>>(parametersSchema(spec.parameters)),
      execute: async (input) => ({ ok: true, input }),
    }),
  ]),
);

/** Run the conversation; returns every request the model received. */
export async function runAiSdkExample(options: { k?: number } = {}): Promise<ExampleRequest[]> {
  // The line that changes: build the selection over the tool set, then pass its `prepareStep` below.
  const toolsift = await createToolsift(tools, { k: options.k ?? 3, metadata: TRAVEL_METADATA });
  const requests: ExampleRequest[] = [];
  const model = scriptedModel(requests);
  const messages: ModelMessage[] = [];
  for (const userText of Object.keys(SCRIPT)) {
    messages.push({ role: 'user', content: userText });
    const result = await generateText({
      model,
      tools,
      messages,
      prepareStep: toolsift.prepareStep,
      stopWhen: stepCountIs(3),
    });
    messages.push(...result.response.messages);
  }
  return requests;
}

// --- internal ---

/** A mock model that calls the scripted tool when it is offered, then answers once the result is back. */
function scriptedModel(requests: ExampleRequest[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt, tools: offered = [] }) => {
      const user = prompt.findLast((message) => message.role === 'user');
      const userText = user?.content.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
      const names = offered.map((entry) => entry.name);
      requests.push({ userText, tools: names });
      const toolName = SCRIPT[userText];
      const isCall = prompt.at(-1)?.role === 'user' && toolName !== undefined && names.includes(toolName);
      return {
        content: isCall
          ? [{ type: 'tool-call', toolCallId: `call-${requests.length}`, toolName, input: '{}' }]
          : [{ type: 'text', text: 'Done.' }],
        finishReason: { unified: isCall ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: undefined, text: undefined, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printRequests(await runAiSdkExample());
}

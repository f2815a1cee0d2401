/**
 * LangChain.js with toolsift: instead of `model.bindTools(allTools)`, `toolsift.bindTools(model)` binds, at each
 * model call, only the few tools that fit the conversation. A tool the model called (an AI message's
 * `tool_calls`) stays offered in the next turns. `toolsift.selectTools(messages)` gives the same tools, for
 * code that binds them itself.
 *
 * Offline: the model is LangChain's own `FakeStreamingChatModel`, scripted to call the tool a real model would
 * pick; the loop runs a call only if that tool was bound. With a real model, replace `scriptedModel()` by e.g. `new ChatOpenAI(...)` from
 * `@langchain/openai`; nothing else changes.
 *
 * Run: pnpm tsx examples/langchain.ts
 */
import { pathToFileURL } from 'node:url';
import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { createToolsift } from '@toolsift/frameworks/langchain';
import {
  type ExampleRequest,
  parametersSchema,
  printRequests,
  SCRIPT,
  TRAVEL_METADATA,
  TRAVEL_TOOLS,
} from './travel-tools.js';

/** The agent's tools, defined as usual with `tool()` (a zod schema works the same as a JSON Schema). */
export const tools = TRAVEL_TOOLS.map((spec) =>
  tool(async (input) => JSON.stringify({ ok: true, input }), {
    name: spec.name,
    description: spec.description,
    schema: parametersSchema(spec.parameters),
  }),
);

/** Run the conversation with a small agent loop; returns every model call's bound tools. */
export async function runLangChainExample(options: { k?: number } = {}): Promise<ExampleRequest[]> {
  const toolsift = await createToolsift(tools, { k: options.k ?? 3, metadata: TRAVEL_METADATA });
  const requests: ExampleRequest[] = [];
  const recorder = {
    handleChatModelStart(...args: [unknown, unknown, unknown, unknown, { options?: { tools?: unknown } }?]) {
      const bound = (args[4]?.options?.tools ?? []) as Array<{ function: { name: string } }>;
      requests.push({ userText: lastUserText(messages), tools: bound.map((entry) => entry.function.name) });
    },
  };
  const messages: BaseMessage[] = [];
  for (const userText of Object.keys(SCRIPT)) {
    messages.push(new HumanMessage(userText));
    for (let step = 0; step < 3; step++) {
      // The line that changes: `toolsift.bindTools(model)` in place of `model.bindTools(tools)`.
      const response = await toolsift
        .bindTools(scriptedModel(messages))
        .invoke(messages, { callbacks: [recorder] });
      messages.push(response);
      if (!response.tool_calls?.length) break;
      for (const call of response.tool_calls) {
        const isBound = requests.at(-1)?.tools.includes(call.name) ?? false;
        const result = isBound
          ? await tools.find((entry) => entry.name === call.name)!.invoke(call.args)
          : `${call.name} was not offered`;
        messages.push(new ToolMessage({ content: result, tool_call_id: call.id ?? '' }));
      }
    }
  }
  return requests;
}

// --- internal ---

/** LangChain's fake model, scripted for this turn: it calls the scripted tool, then answers after the result. */
function scriptedModel(messages: readonly BaseMessage[]): FakeStreamingChatModel {
  const toolName = SCRIPT[lastUserText(messages)];
  if (messages.at(-1)?.getType() !== 'human' || toolName === undefined) {
    return new FakeStreamingChatModel({ responses: [new AIMessage('Done.')] });
  }
  const call = { name: toolName, args: {}, id: `call-${messages.length}`, type: 'tool_call' as const };
  return new FakeStreamingChatModel({ chunks: [new AIMessageChunk({ content: '', tool_calls: [call] })] });
}

function lastUserText(messages: readonly BaseMessage[]): string {
  const content = messages.findLast((message) => message.getType() === 'human')?.content;
  return typeof content === 'string' ? content : '';
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printRequests(await runLangChainExample());
}

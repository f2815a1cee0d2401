/**
 * The OpenAI Agents SDK with toolsift: the agent keeps its whole tool list, and `withToolSelection` gives the
 * model only the few tools that fit each run (a user turn). A tool the model called stays offered in the next
 * turns, because the conversation passed back in (`result.history`) carries the call.
 *
 * Offline by default: the model is a scripted OpenAI-compatible server on 127.0.0.1 that calls the tool a real
 * model would pick, when the request offers it. With OPENAI_API_KEY set, the runs go to OpenAI instead
 * (OPENAI_BASE_URL and OPENAI_MODEL are read too); nothing else changes.
 *
 * Run: pnpm tsx examples/openai-agents.ts
 */
import { pathToFileURL } from 'node:url';
import { Agent, type AgentInputItem, OpenAIProvider, Runner, tool } from '@openai/agents';
import { withToolSelection } from '@toolsift/frameworks/openai-agents';
import {
  type ScriptedOpenAIServer,
  startScriptedOpenAIServer,
} from '@toolsift/test-support/scripted-openai-server';
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
  tool({
    name: spec.name,
    description: spec.description,
    parameters: { ...parametersSchema(spec.parameters), required: [], additionalProperties: true },
    strict: false,
    execute: async (input) => JSON.stringify({ ok: true, input }),
  }),
);

/** Run the conversation; returns every request the model received (from the scripted server only). */
export async function runOpenAiAgentsExample(options: { k?: number } = {}): Promise<ExampleRequest[]> {
  const server = process.env.OPENAI_API_KEY ? undefined : await startScripted();
  try {
    const runner = new Runner({
      modelProvider: new OpenAIProvider({
        apiKey: process.env.OPENAI_API_KEY ?? 'offline',
        ...(server !== undefined ? { baseURL: server.baseURL } : {}),
        ...(server === undefined && process.env.OPENAI_BASE_URL
          ? { baseURL: process.env.OPENAI_BASE_URL }
          : {}),
      }),
      model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
      tracingDisabled: server !== undefined,
    });
    // The three lines that change: build the selection over the agent's tools, run the agent it returns.
    const { agent } = await withToolSelection(
      new Agent({ name: 'assistant', instructions: 'Help with travel and office tasks.', tools }),
      { k: options.k ?? 3, metadata: TRAVEL_METADATA },
    );
    let history: AgentInputItem[] = [];
    for (const userText of Object.keys(SCRIPT)) {
      const result = await runner.run(agent, [...history, { role: 'user', content: userText }]);
      history = result.history;
    }
    return (server?.requests ?? []).map((request) => ({
      userText: request.userTexts.at(-1) ?? '',
      tools: request.toolNames,
    }));
  } finally {
    await server?.close();
  }
}

// --- internal ---

/** An OpenAI-compatible server that calls the scripted tool when it is offered, then answers once the result is back. */
function startScripted(): Promise<ScriptedOpenAIServer> {
  return startScriptedOpenAIServer({
    reply: (request) => {
      const toolName = SCRIPT[request.userTexts.at(-1) ?? ''];
      const isCall =
        !request.isAfterToolResult && toolName !== undefined && request.toolNames.includes(toolName);
      return isCall ? { toolCalls: [{ name: toolName, arguments: {} }] } : { text: 'Done.' };
    },
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printRequests(await runOpenAiAgentsExample());
}

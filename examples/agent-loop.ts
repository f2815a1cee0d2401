/**
 * A small agent loop: each step, a toolsift session picks the few tools that fit the conversation, they are
 * sent to an OpenAI-compatible chat model as `tools`, and the model's tool calls are routed back to tool ids
 * and run by a local stand-in executor, until the model answers.
 *
 * Run: OPENAI_API_KEY=... [OPENAI_BASE_URL=...] [OPENAI_MODEL=...] pnpm tsx examples/agent-loop.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createSelector,
  createSession,
  type Selector,
  type Session,
  type SessionOptions,
} from '@toolsift/selector';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** Options of `runAgentLoop`. */
export interface AgentLoopOptions {
  /** The user's messages, one per turn. */
  prompts: readonly string[];
  /** Selector to pick tools with; default: the repo's `metadata/` catalog with the `use-lite` embedder. */
  selector?: Selector;
  /** Chat server; default `OPENAI_BASE_URL`, else api.openai.com. */
  baseURL?: string;
  /** Default `OPENAI_API_KEY`. */
  apiKey?: string;
  /** Default `OPENAI_MODEL`, else `gpt-4o-mini`. */
  model?: string;
  /** Session settings (tools per turn, sticky turns, selection rules). */
  session?: Omit<SessionOptions<'openai'>, 'target'>;
  /** Model calls allowed per user turn. */
  maxSteps?: number;
  /** Runs a tool; default `standInExecutor`. */
  execute?: (toolId: string, input: unknown) => Promise<unknown>;
}

/** One tool call the loop routed: what the model called, the tool id behind it, and the result it got. */
export interface RoutedCall {
  turn: number;
  emittedName: string;
  toolId: string;
  input: unknown;
  result: unknown;
}

/** What a run produced: the whole conversation, the routed calls, and the final answer of each turn. */
export interface AgentTranscript {
  messages: ChatCompletionMessageParam[];
  calls: RoutedCall[];
  answers: string[];
}

/**
 * Run the loop over `prompts` and return the transcript.
 * @example const { answers } = await runAgentLoop({ prompts: ["What's the weather in Paris?"] });
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentTranscript> {
  const client = new OpenAI({
    baseURL: options.baseURL ?? process.env.OPENAI_BASE_URL ?? null,
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY,
    maxRetries: 0,
  });
  const model = options.model ?? process.env.OPENAI_MODEL ?? 'gpt-4o-mini';
  const selector = options.selector ?? (await createSelector({ catalog: DEFAULT_CATALOG }));
  // The stand-in executor needs no credentials, so tools whose prerequisites are missing here are offered too.
  const session = createSession(selector, {
    ...options.session,
    target: 'openai',
    selection: { includeUnavailable: true, ...options.session?.selection },
  });
  const execute = options.execute ?? standInExecutor;
  const transcript: AgentTranscript = { messages: [], calls: [], answers: [] };

  for (const prompt of options.prompts) {
    transcript.messages.push({ role: 'user', content: prompt });
    session.addMessage({ role: 'user', content: prompt });
    for (let step = 0; ; step++) {
      if (step === (options.maxSteps ?? 5))
        throw new Error(`no answer after ${step} model calls for "${prompt}"`);
      const { formatted } = await session.select();
      const response = await client.chat.completions.create({
        model,
        messages: transcript.messages,
        ...(formatted.length > 0 ? { tools: formatted } : {}),
      });
      const message = response.choices[0]?.message;
      if (message === undefined) throw new Error('the model returned no choice');
      transcript.messages.push({
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls !== undefined && message.tool_calls.length > 0
          ? { tool_calls: message.tool_calls }
          : {}),
      });
      session.addMessage({ role: 'assistant', content: message.content });
      const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
      if (calls.length === 0) {
        transcript.answers.push(message.content ?? '');
        break;
      }
      for (const call of calls) {
        const content = await routeCall({ call: call.function, execute, session, transcript });
        transcript.messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
  }
  return transcript;
}

/** Canned results per tool id (it is an example: nothing leaves the machine); other tools get a generic one. */
export async function standInExecutor(toolId: string, input: unknown): Promise<unknown> {
  return STAND_IN_RESULTS[toolId] ?? { ok: true, tool: toolId, input, note: 'stand-in result' };
}

// --- internal ---

const DEFAULT_CATALOG = path.resolve(import.meta.dirname, '../metadata');

const STAND_IN_RESULTS: Record<string, unknown> = {
  get_current_weather: { location: 'Paris, FR', temperature_c: 18, summary: 'sunny' },
  get_weather_forecast: {
    location: 'London, GB',
    date: 'tomorrow',
    high_c: 14,
    low_c: 9,
    summary: 'light rain',
  },
  send_email_smtp: { accepted: true, message_id: '<stand-in@example.com>' },
};

/** Route one call to its tool id, record it in the session and run it; errors go back to the model as text. */
async function routeCall(options: {
  call: { name: string; arguments: string };
  execute: (toolId: string, input: unknown) => Promise<unknown>;
  session: Session<'openai'>;
  transcript: AgentTranscript;
}): Promise<string> {
  const { call, session } = options;
  let toolId: string;
  try {
    toolId = session.recordToolCall(call.name);
  } catch (error) {
    return JSON.stringify({ error: (error as Error).message });
  }
  let input: unknown;
  try {
    input = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return JSON.stringify({ error: `the arguments of ${call.name} are not valid JSON` });
  }
  const result = await options.execute(toolId, input);
  options.transcript.calls.push({ turn: session.turn, emittedName: call.name, toolId, input, result });
  return JSON.stringify(result);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const transcript = await runAgentLoop({
    prompts: ["What's the weather in Paris?", 'And in London tomorrow?'],
  });
  for (const message of transcript.messages) {
    const text = typeof message.content === 'string' ? message.content : '';
    const calls = 'tool_calls' in message && message.tool_calls !== undefined ? message.tool_calls : [];
    const called = calls.map((call) =>
      call.type === 'function' ? `${call.function.name}(${call.function.arguments})` : '',
    );
    console.log(`${message.role.padEnd(9)} ${[text, ...called].filter((part) => part !== '').join(' ')}`);
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbedder, createSelector, type Selector } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAgentLoop } from '../../examples/agent-loop.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
}

/** The replies of the scripted model: per user turn, one tool call by the emitted name, then an answer. */
const SCRIPT: Record<string, { tool: string; input: Record<string, string>; answer: string }> = {
  "What's the weather in Paris?": {
    tool: 'get_current_weather',
    input: { location: 'Paris, FR' },
    answer: 'It is 18 °C and sunny in Paris.',
  },
  'And in London tomorrow?': {
    tool: 'get_weather_forecast',
    input: { location: 'London, GB', date: 'tomorrow' },
    answer: 'Tomorrow in London: light rain, 9 to 14 °C.',
  },
  // The id `maps.getDirections` is emitted as `maps_getDirections`: the loop must route the name back.
  'Then give me driving directions from London to Oxford.': {
    tool: 'maps_getDirections',
    input: { origin: 'London', destination: 'Oxford' },
    answer: 'Take the M40 west; about 1 h 40 min.',
  },
};

const requests: ChatRequest[] = [];
let server: Server;
let baseURL: string;
let selector: Selector;
let indexDir: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as ChatRequest;
    requests.push(body);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(reply(body, request.url ?? '')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-agent-loop-'));
  selector = await createSelector({
    catalog: path.join(repoRoot, 'metadata'),
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    indexDir,
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(indexDir, { recursive: true, force: true });
});

describe('examples/agent-loop.ts against a scripted OpenAI-compatible server on 127.0.0.1', () => {
  test('picks tools per turn, routes the calls back to tool ids and ends with the answers', async () => {
    const transcript = await runAgentLoop({
      prompts: Object.keys(SCRIPT),
      selector,
      baseURL,
      apiKey: 'test-key',
      model: 'scripted',
      session: { k: 3 },
    });

    expect(transcript.answers).toEqual(Object.values(SCRIPT).map((turn) => turn.answer));
    expect(transcript.calls.map(({ turn, toolId, input }) => ({ turn, toolId, input }))).toEqual([
      { turn: 1, toolId: 'get_current_weather', input: { location: 'Paris, FR' } },
      { turn: 2, toolId: 'get_weather_forecast', input: { location: 'London, GB', date: 'tomorrow' } },
      { turn: 3, toolId: 'maps.getDirections', input: { origin: 'London', destination: 'Oxford' } },
    ]);
    expect(transcript.calls[2]?.emittedName).toBe('maps_getDirections');

    // Two model calls per turn: the tool call, then the answer after the tool result.
    expect(requests.map((request) => request.messages.at(-1)?.role)).toEqual([
      'user',
      'tool',
      'user',
      'tool',
      'user',
      'tool',
    ]);
    const offered = requests.map((request) => (request.tools ?? []).map((tool) => tool.function.name));
    expect(offered[0]).toContain('get_current_weather');
    // Within a turn the offered tools are the same, in the same order (prompt caches survive).
    expect(offered[1]).toEqual(offered[0]);
    expect(offered[3]).toEqual(offered[2]);
    expect(offered[5]).toEqual(offered[4]);
    // The follow-up names no weather word, yet the forecast is offered, and the tool called before stays.
    expect(offered[2]).toEqual(expect.arrayContaining(['get_weather_forecast', 'get_current_weather']));
    // Across turns, tools that stay keep their order and come first; new ones are appended.
    const stayed = offered[0]!.filter((name) => offered[2]!.includes(name));
    expect(offered[2]!.slice(0, stayed.length)).toEqual(stayed);
    expect(requests.every((request) => request.tools?.every((tool) => tool.type === 'function'))).toBe(true);

    // The stand-in result went back to the model as the tool message.
    const toolMessage = requests[1]?.messages.at(-1);
    expect(JSON.parse(toolMessage?.content ?? '')).toEqual({
      location: 'Paris, FR',
      temperature_c: 18,
      summary: 'sunny',
    });
    expect(toolMessage?.tool_call_id).toBe('call_1');
  });
});

// --- internal ---

let callCount = 0;

function reply(request: ChatRequest, url: string): unknown {
  if (url !== '/v1/chat/completions') return { error: { message: `unexpected path ${url}` } };
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const turn = SCRIPT[lastUser];
  const last = request.messages.at(-1);
  const offered = (request.tools ?? []).map((tool) => tool.function.name);
  let message: Record<string, unknown>;
  if (turn !== undefined && last?.role === 'user' && offered.includes(turn.tool)) {
    callCount++;
    message = {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: `call_${callCount}`,
          type: 'function',
          function: { name: turn.tool, arguments: JSON.stringify(turn.input) },
        },
      ],
    };
  } else {
    message = { role: 'assistant', content: turn?.answer ?? 'I cannot help with that.' };
  }
  return {
    id: `chatcmpl-${requests.length}`,
    object: 'chat.completion',
    created: 0,
    model: request.model,
    choices: [
      { index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

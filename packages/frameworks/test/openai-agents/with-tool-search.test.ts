import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { createEmbedder } from '@toolsift/selector';
import {
  functionNames,
  type SearchFlowReply,
  type SearchFlowRequest,
  type SearchFlowServer,
  startSearchFlowServer,
} from '@toolsift/test-support/scripted-tool-search-server';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AgentToolSearch, withToolSearch } from '../../src/openai-agents/index.js';
import { conversationSlice, placeholderArguments } from '../fixtures/dev-tools-conversation.js';

const K = 5;
const EMPTY_SEARCH = 'search with nothing';
const { catalog, buildTurn, issueTurn, byName } = await conversationSlice();
const goldOf = new Map([
  [buildTurn.query, buildTurn.gold],
  [issueTurn.query, issueTurn.gold],
]);

/** The scripted model: it searches with the user's words, calls the gold tool once loaded, then answers. */
function reply(request: SearchFlowRequest): SearchFlowReply {
  const turn = lastUserText(request);
  const output = request.lastOutputs[0];
  if (output === undefined) return { toolSearch: turn === EMPTY_SEARCH ? {} : { query: turn } };
  if (output.type === 'function_call_output') return { text: 'Done.' };
  const gold = goldOf.get(turn);
  if (gold === undefined || !functionNames(output.tools ?? []).includes(gold)) {
    return { text: 'No tool I loaded fits.' };
  }
  return {
    functionCalls: [{ name: gold, arguments: JSON.stringify(placeholderArguments(byName.get(gold)!)) }],
  };
}

const executed: string[] = [];
const agentTools = catalog.map((entry) =>
  tool({
    name: entry.name.replace(/[^a-zA-Z0-9_-]/g, '_'),
    description: entry.description,
    parameters: entry.parameters as never,
    strict: false,
    execute: async () => {
      executed.push(entry.name);
      return JSON.stringify({ ok: true, tool: entry.name });
    },
  }),
);

let server: SearchFlowServer;
let runner: Runner;
let indexDir: string;
let searching: AgentToolSearch<unknown, 'text'>;
const loadedPerSearch: string[][] = [];

beforeAll(async () => {
  server = await startSearchFlowServer({ reply });
  runner = new Runner({
    modelProvider: new OpenAIProvider({ apiKey: 'test', baseURL: server.baseURL, useResponses: true }),
    model: 'scripted',
    tracingDisabled: true,
  });
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-agents-search-'));
  searching = await withToolSearch(
    new Agent({ name: 'assistant', instructions: 'Use the tools.', tools: agentTools }),
    {
      k: K,
      embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
      indexDir,
      learn: { isSaved: false },
      onSearch: (event) => loadedPerSearch.push(event.toolIds),
    },
  );
});
afterAll(async () => {
  await server?.close();
  await rm(indexDir, { recursive: true, force: true });
});

describe('withToolSearch, run by the Agents SDK Runner against a scripted Responses server', () => {
  test('the Runner asks toolsift, loads the selected tools, and runs the one the model calls', async () => {
    const before = server.requests.length;
    const result = await runner.run(searching.agent, buildTurn.query);
    expect(result.finalOutput).toBe('Done.');
    expect(executed).toEqual([buildTurn.gold]);
    const [first, second] = server.requests.slice(before);
    const searchTool = first!.tools.find((entry) => entry.type === 'tool_search');
    expect(searchTool).toMatchObject({ execution: 'client', parameters: { required: ['query'] } });
    const functions = first!.tools.filter((entry) => entry.type === 'function');
    expect(functions).toHaveLength(catalog.length);
    expect(functions.every((entry) => entry.defer_loading === true)).toBe(true);
    expect(second!.tools).toEqual(first!.tools);
    const output = second!.lastOutputs[0]!;
    expect(output).toMatchObject({ type: 'tool_search_output', execution: 'client' });
    const loaded = functionNames(output.tools ?? []);
    expect(loaded.length).toBeLessThanOrEqual(K);
    expect(loaded).toEqual(loadedPerSearch.at(-1));
    expect(loaded).toContain(buildTurn.gold);
  });

  test('a search without a query loads nothing and the run ends normally', async () => {
    const before = server.requests.length;
    const result = await runner.run(searching.agent, EMPTY_SEARCH);
    expect(result.finalOutput).toBe('No tool I loaded fits.');
    expect(server.requests.slice(before)[1]!.lastOutputs[0]).toMatchObject({ tools: [] });
  });

  test('learn: the call is learned for the user message of its run', async () => {
    expect(await searching.flush()).toMatchObject({ changed: 1, tools: [buildTurn.gold], failures: [] });
  });
});

// --- internal ---

function lastUserText(request: SearchFlowRequest): string {
  const user = request.input.findLast((item) => item.role === 'user');
  if (typeof user?.content === 'string') return user.content;
  return Array.isArray(user?.content)
    ? user.content.map((part: { text?: string }) => part.text ?? '').join('')
    : '';
}

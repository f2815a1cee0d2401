import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { BetaRunnableTool } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import type { BetaTool } from '@anthropic-ai/sdk/resources/beta';
import type { MessageParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { createEmbedder, createSelector, type Embedder, type Selector } from '@toolsift/selector';
import { DEV_TOOLS_PATHS } from '@toolsift/test-support/dev-tools';
import {
  referencedNames,
  type ScriptedAnthropicReply,
  type ScriptedAnthropicRequest,
  type ScriptedAnthropicServer,
  startScriptedAnthropicServer,
} from '@toolsift/test-support/scripted-anthropic-server';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AnthropicToolDefinition,
  type AnthropicToolSearch,
  createToolSearch,
} from '../../src/anthropic/index.js';
import type { ToolSearchEvent } from '../../src/shared/model-search.js';
import { conversationSlice, placeholderArguments } from '../fixtures/dev-tools-conversation.js';
import { createFailingEmbedder } from '../fixtures/failing-embedder.js';

const K = 5;
const SEARCH = 'search_tools';
/** User turns that make the scripted model misbehave. */
const EMPTY_SEARCH = 'search with nothing';
const UNKNOWN_CALL = 'call a tool that does not exist';
const { catalog, buildTurn, issueTurn, byName } = await conversationSlice();
const goldOf = new Map([
  [buildTurn.query, buildTurn.gold],
  [issueTurn.query, issueTurn.gold],
]);

/**
 * The scripted model, as the API documents the flow: a user turn makes it search with the user's words; a
 * search result that loaded the turn's gold tool makes it call that tool; any other tool result ends the turn
 * with a text that quotes an error result.
 */
function reply(request: ScriptedAnthropicRequest): ScriptedAnthropicReply {
  const turn = lastUserText(request);
  const result = request.lastResults[0];
  if (result === undefined) {
    if (turn === EMPTY_SEARCH) return { toolUses: [{ name: SEARCH, input: {} }] };
    if (turn === UNKNOWN_CALL) return { toolUses: [{ name: 'no_such_tool', input: {} }] };
    return { toolUses: [{ name: SEARCH, input: { query: turn } }] };
  }
  if (result.is_error === true) return { text: `error: ${JSON.stringify(result.content)}` };
  const gold = goldOf.get(turn);
  const answered = request.messages.at(-2)?.content.find((block) => block.id === result.tool_use_id);
  if (answered?.name === SEARCH && gold !== undefined) {
    const name = request.loaded.find((loaded) => loaded === gold);
    if (name !== undefined && referencedNames(result).includes(name)) {
      return { toolUses: [{ name, input: placeholderArguments(byName.get(gold)!) }] };
    }
    return { text: 'No tool I loaded fits.' };
  }
  return { text: 'Done.' };
}

let server: ScriptedAnthropicServer;
let client: Anthropic;
let indexDir: string;
let embedder: Embedder;
let catalogSelector: Selector;
const searches: ToolSearchEvent[] = [];

beforeAll(async () => {
  server = await startScriptedAnthropicServer({ reply });
  client = new Anthropic({ apiKey: 'test', baseURL: server.baseURL, maxRetries: 0 });
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-anthropic-'));
  embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  catalogSelector = await createSelector({
    catalog: [...DEV_TOOLS_PATHS],
    embedder,
    indexDir: path.join(indexDir, 'catalog'),
  });
});
afterAll(async () => {
  await server?.close();
  await rm(indexDir, { recursive: true, force: true });
});

/** A hand-written Messages API loop: call the model, answer its tool uses with toolsift, until it stops. */
async function runLoop<TTool extends AnthropicToolDefinition>(
  toolsift: AnthropicToolSearch<TTool>,
  prompt: string,
  ran: Array<{ name: string; toolId: string }>,
): Promise<{ messages: MessageParam[]; requests: ScriptedAnthropicRequest[]; text: string }> {
  const before = server.requests.length;
  const messages: MessageParam[] = [{ role: 'user', content: prompt }];
  for (let step = 0; step < 5; step++) {
    const response = await client.messages.create({
      model: 'scripted',
      max_tokens: 1024,
      tools: [...toolsift.tools],
      messages,
    });
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason !== 'tool_use') {
      const text = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return { messages, requests: server.requests.slice(before), text };
    }
    const results: ToolResultBlockParam[] = [];
    for (const block of response.content) {
      if (block.type !== 'tool_use') continue;
      results.push(
        await toolsift.answer(block, {
          messages,
          run: ({ name, toolId }) => {
            ran.push({ name, toolId });
            return JSON.stringify({ ok: true, tool: toolId });
          },
        }),
      );
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error('the loop did not end');
}

describe('Anthropic Messages API, a hand-written loop through the SDK client', () => {
  let toolsift: AnthropicToolSearch<Tool>;
  beforeAll(async () => {
    toolsift = await createToolSearch({
      selector: catalogSelector,
      k: K,
      onSearch: (event) => searches.push(event),
    });
  });

  test('the model searches, toolsift loads the tool with tool_reference blocks, the model calls it', async () => {
    const ran: Array<{ name: string; toolId: string }> = [];
    const { requests, text } = await runLoop(toolsift, buildTurn.query, ran);
    expect(text).toBe('Done.');
    expect(requests).toHaveLength(3);
    // Every catalog tool is declared deferred behind the search tool, and the list never changes between turns.
    const [first, second, third] = requests;
    expect(first!.tools).toHaveLength(catalog.length + 1);
    expect(first!.tools[0]).toMatchObject({ name: SEARCH, input_schema: { required: ['query'] } });
    expect(first!.tools[0]).not.toHaveProperty('defer_loading');
    expect(first!.tools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(
      first!.tools.map((tool) => String(tool.name)).every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name)),
    ).toBe(true);
    expect(second!.tools).toEqual(first!.tools);
    expect(third!.tools).toEqual(first!.tools);
    // The search answer: at most k references, the gold tool among them, and what the selector chose.
    const references = referencedNames(second!.lastResults[0]!);
    expect(references.length).toBeLessThanOrEqual(K);
    expect(references).toContain(buildTurn.gold);
    expect(searches.at(-1)).toMatchObject({ query: buildTurn.query });
    expect(searches.at(-1)!.toolIds).toEqual(references);
    // The loaded tool was called and run, and its result went back.
    expect(ran).toEqual([{ name: buildTurn.gold, toolId: buildTurn.gold }]);
    expect(third!.lastResults[0]).toMatchObject({
      content: JSON.stringify({ ok: true, tool: buildTurn.gold }),
    });
  });

  test('a renamed tool (an id the API does not take as a name) is referenced and routed by its declared name', async () => {
    const renamed = toolsift.tools.find((tool) => tool.name === 'maps_geocodeAddress');
    expect(renamed).toMatchObject({ defer_loading: true });
    const result = await toolsift.answer(
      { id: 'toolu_1', name: 'maps_geocodeAddress', input: {} },
      { run: ({ toolId }) => toolId },
    );
    expect(result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'maps.geocodeAddress' });
  });

  test('a search without a query gets an error result and the loop goes on', async () => {
    const { requests, text } = await runLoop(toolsift, EMPTY_SEARCH, []);
    expect(requests.at(-1)!.lastResults[0]).toMatchObject({ is_error: true });
    expect(text).toMatchInlineSnapshot(
      `"error: "search_tools takes {\\"query\\": \\"<what you need to do, in plain words>\\"} with a non-empty query; got {}""`,
    );
  });

  test('a call of an unknown tool gets an error result that points to the search', async () => {
    const { text } = await runLoop(toolsift, UNKNOWN_CALL, []);
    expect(text).toMatchInlineSnapshot(
      `"error: "Unknown tool \\"no_such_tool\\". Call search_tools to find and load the tools for a task.""`,
    );
  });

  test('a search whose selection fails is an error result, given to onSelectionError; a bug is thrown', async () => {
    const failingEmbedder = createFailingEmbedder();
    const errors: string[] = [];
    const failing = await createToolSearch({
      tools: [
        {
          name: 'get_forecast',
          description: 'Weather forecast for a city',
          input_schema: { type: 'object' },
        },
        { name: 'send_email', description: 'Send an email to someone', input_schema: { type: 'object' } },
      ],
      embedder: failingEmbedder,
      indexDir: false,
      onSelectionError: (error) => errors.push(error.code),
    });
    failingEmbedder.failure = 'request';
    const result = await failing.answer({ id: 'toolu_2', name: SEARCH, input: { query: 'rain tomorrow?' } });
    expect(result).toMatchInlineSnapshot(`
      {
        "content": "search_tools failed (EMBEDDING_REQUEST_FAILED): embedding request to http://127.0.0.1:9/v1 failed: connection refused",
        "is_error": true,
        "tool_use_id": "toolu_2",
        "type": "tool_result",
      }
    `);
    expect(errors).toEqual(['EMBEDDING_REQUEST_FAILED']);
    failingEmbedder.failure = 'bug';
    await expect(
      failing.answer({ id: 'toolu_3', name: SEARCH, input: { query: 'rain tomorrow?' } }),
    ).rejects.toThrow(TypeError);
  });

  test('learn: the tool called after a search is learned for the user message it answered', async () => {
    const selector = await createSelector({
      catalog: [...DEV_TOOLS_PATHS],
      embedder,
      indexDir: path.join(indexDir, 'catalog'),
    });
    const learning = await createToolSearch({ selector, k: K, learn: { isSaved: false } });
    const { messages } = await runLoop(learning, buildTurn.query, []);
    learning.recordCalls(messages);
    const summary = await learning.flush();
    expect(summary).toMatchObject({ changed: 1, tools: [buildTurn.gold], failed: 0, failures: [] });
    expect(selector.learned()).toEqual([
      expect.objectContaining({ tool: buildTurn.gold, prompt: buildTurn.query }),
    ]);
    // Seen again (the next turn passes the same conversation), the call is not learned twice.
    learning.recordCalls(messages);
    expect((await learning.flush()).changed).toBe(0);
  });

  test('bad options fail at start-up with USAGE_ERROR', async () => {
    await expect(createToolSearch({ selector: catalogSelector, k: 0 })).rejects.toMatchObject({
      code: 'USAGE_ERROR',
    });
    await expect(
      createToolSearch({ selector: catalogSelector, searchToolName: 'search tools' }),
    ).rejects.toMatchObject({ code: 'USAGE_ERROR' });
    await expect(
      createToolSearch({ selector: catalogSelector, searchToolName: 'create_build' }),
    ).rejects.toMatchObject({ code: 'USAGE_ERROR' });
    await expect(createToolSearch({})).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });
});

describe("Anthropic's tool runner (client.beta.messages.toolRunner) with the search and runnable tools", () => {
  const executed: string[] = [];
  const runnable: Array<BetaRunnableTool<unknown>> = catalog.map((entry) => {
    const name = entry.name.replace(/[^a-zA-Z0-9_-]/g, '_');
    return {
      name,
      description: entry.description,
      input_schema: entry.parameters as BetaTool['input_schema'],
      parse: (input: unknown) => input,
      run: () => {
        executed.push(name);
        return `ran ${name}`;
      },
    };
  });
  let toolsift: AnthropicToolSearch<BetaRunnableTool<unknown>>;
  beforeAll(async () => {
    toolsift = await createToolSearch({
      tools: runnable,
      k: K,
      embedder,
      indexDir: path.join(indexDir, 'runnable'),
      learn: { isSaved: false },
    });
  });

  test('the runner searches through toolsift, loads the tool, runs it and ends', async () => {
    const before = server.requests.length;
    const runner = client.beta.messages.toolRunner({
      model: 'scripted',
      max_tokens: 1024,
      messages: [{ role: 'user', content: issueTurn.query }],
      tools: toolsift.runnerTools(),
    });
    const final = await runner;
    expect(final.content).toEqual([expect.objectContaining({ type: 'text', text: 'Done.' })]);
    expect(executed).toEqual([issueTurn.gold]);
    const requests = server.requests.slice(before);
    expect(requests).toHaveLength(3);
    expect(referencedNames(requests[1]!.lastResults[0]!)).toContain(issueTurn.gold);
    expect(requests[1]!.tools).toEqual(requests[0]!.tools);
    // Learning from the runner's conversation.
    toolsift.recordCalls(runner.params.messages);
    expect((await toolsift.flush()).tools).toEqual([issueTurn.gold]);
  });

  test('a search without a query is an error result in the runner too; the run ends normally', async () => {
    const runner = client.beta.messages.toolRunner({
      model: 'scripted',
      max_tokens: 1024,
      messages: [{ role: 'user', content: EMPTY_SEARCH }],
      tools: toolsift.runnerTools(),
    });
    const final = await runner;
    expect(final.content[0]).toMatchObject({ type: 'text' });
    expect(JSON.stringify(final.content)).toContain('with a non-empty query');
  });
});

// --- internal ---

function lastUserText(request: ScriptedAnthropicRequest): string {
  const user = request.messages.findLast(
    (message) => message.role === 'user' && message.content.some((block) => block.type === 'text'),
  );
  return (user?.content ?? []).map((block) => block.text ?? '').join('');
}

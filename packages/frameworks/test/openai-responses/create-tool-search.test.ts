import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTools, type Tool as ToolsiftTool } from '@toolsift/core';
import { createEmbedder, createSelector, type Embedder, type Selector } from '@toolsift/selector';
import { DEV_TOOLS_PATHS } from '@toolsift/test-support/dev-tools';
import {
  functionNames,
  type SearchFlowReply,
  type SearchFlowRequest,
  type SearchFlowServer,
  startSearchFlowServer,
} from '@toolsift/test-support/scripted-tool-search-server';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import OpenAI from 'openai';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createToolSearch, type ResponsesToolSearch } from '../../src/openai-responses/index.js';
import type { ToolSearchEvent } from '../../src/shared/model-search.js';
import { conversationSlice, placeholderArguments } from '../fixtures/dev-tools-conversation.js';

const K = 5;
/** User turns that make the scripted model misbehave. */
const MALFORMED_SEARCH = 'search with arguments that are not JSON';
const EMPTY_SEARCH = 'search with nothing';
const UNKNOWN_CALL = 'call a tool that does not exist';
const { catalog, buildTurn, issueTurn, byName } = await conversationSlice();
const goldOf = new Map([
  [buildTurn.query, buildTurn.gold],
  [issueTurn.query, issueTurn.gold],
]);

/**
 * The scripted model, as the API documents client tool search: a user turn makes it search with the user's
 * words; a search output that loaded the turn's gold tool (alone or in a namespace) makes it call that tool; a
 * developer message after the output, or an error output, ends the turn with a text quoting it.
 */
function reply(request: SearchFlowRequest): SearchFlowReply {
  const turn = lastUserText(request);
  const last = request.lastOutputs;
  if (last.length === 0) {
    if (turn === MALFORMED_SEARCH) return { toolSearch: '{"query": "open an iss' };
    if (turn === EMPTY_SEARCH) return { toolSearch: {} };
    if (turn === UNKNOWN_CALL) return { functionCalls: [{ name: 'no_such_tool', arguments: '{}' }] };
    return { toolSearch: { query: turn } };
  }
  const said = last.find((item) => item.role === 'developer');
  if (said !== undefined) return { text: `error: ${String(said.content)}` };
  const output = last[0]!;
  if (output.type === 'function_call_output') {
    return { text: String(output.output).startsWith('Unknown') ? `error: ${output.output}` : 'Done.' };
  }
  const gold = goldOf.get(turn);
  const loaded = functionNames(output.tools ?? []).find((name) => name === gold || name.endsWith(`.${gold}`));
  if (gold === undefined || loaded === undefined) return { text: 'No tool I loaded fits.' };
  const [namespace, name] = loaded.includes('.') ? loaded.split('.') : [undefined, loaded];
  return {
    functionCalls: [
      {
        name: name!,
        ...(namespace !== undefined ? { namespace } : {}),
        arguments: JSON.stringify(placeholderArguments(byName.get(gold)!)),
      },
    ],
  };
}

let server: SearchFlowServer;
let client: OpenAI;
let indexDir: string;
let embedder: Embedder;
const functions: FunctionTool[] = catalog.map((entry) => ({
  type: 'function',
  name: entry.name.replace(/[^a-zA-Z0-9_-]/g, '_'),
  description: entry.description,
  parameters: entry.parameters,
  strict: false,
}));

beforeAll(async () => {
  server = await startSearchFlowServer({ reply });
  client = new OpenAI({ apiKey: 'test', baseURL: server.baseURL, maxRetries: 0 });
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-responses-'));
  embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
});
afterAll(async () => {
  await server?.close();
  await rm(indexDir, { recursive: true, force: true });
});

/** A hand-written Responses loop: call the model, answer each output item with toolsift, until it answers. */
async function runLoop(
  toolsift: ResponsesToolSearch,
  prompt: string,
  ran: Array<{ name: string; namespace?: string; toolId: string }>,
): Promise<{ input: ResponseInputItem[]; requests: SearchFlowRequest[]; text: string }> {
  const before = server.requests.length;
  const input: ResponseInputItem[] = [{ role: 'user', content: prompt }];
  for (let step = 0; step < 5; step++) {
    const response = await client.responses.create({ model: 'scripted', tools: [...toolsift.tools], input });
    const answers: ResponseInputItem[] = [];
    for (const item of response.output) {
      answers.push(
        ...(await toolsift.answer(item, {
          input,
          run: ({ name, namespace, toolId }) => {
            ran.push({ name, ...(namespace !== undefined ? { namespace } : {}), toolId });
            return JSON.stringify({ ok: true, tool: toolId });
          },
        })),
      );
    }
    input.push(...(response.output as ResponseInputItem[]), ...answers);
    if (answers.length === 0)
      return { input, requests: server.requests.slice(before), text: response.output_text };
  }
  throw new Error('the loop did not end');
}

describe('OpenAI Responses API, client tool search in a hand-written loop through the SDK client', () => {
  const searches: ToolSearchEvent[] = [];
  let toolsift: ResponsesToolSearch;
  beforeAll(async () => {
    toolsift = await createToolSearch({
      tools: functions,
      k: K,
      embedder,
      indexDir: path.join(indexDir, 'functions'),
      onSearch: (event) => searches.push(event),
    });
  });

  test('the model searches, the output loads the selected definitions, the model calls the tool', async () => {
    const ran: Array<{ name: string; toolId: string }> = [];
    const { requests, text } = await runLoop(toolsift, buildTurn.query, ran);
    expect(text).toBe('Done.');
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests;
    // The tool_search tool, executed by the client, then every function deferred; the same list every turn.
    expect(first!.tools[0]).toMatchObject({
      type: 'tool_search',
      execution: 'client',
      parameters: { required: ['query'] },
    });
    expect(first!.tools).toHaveLength(catalog.length + 1);
    expect(first!.tools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(second!.tools).toEqual(first!.tools);
    expect(third!.tools).toEqual(first!.tools);
    // The output answers the call and carries the selected functions' definitions, as the user declared them.
    const output = second!.lastOutputs[0]!;
    expect(output).toMatchObject({
      type: 'tool_search_output',
      execution: 'client',
      call_id: 'call_search_1',
    });
    const loaded = output.tools!.map((tool) => String(tool.name));
    expect(loaded.length).toBeLessThanOrEqual(K);
    expect(loaded).toContain(buildTurn.gold);
    expect(loaded).toEqual(searches.at(-1)!.toolIds);
    const gold = output.tools!.find((tool) => tool.name === buildTurn.gold);
    expect(gold).toEqual(functions.find((tool) => tool.name === buildTurn.gold));
    expect(ran).toEqual([{ name: buildTurn.gold, toolId: buildTurn.gold }]);
    expect(third!.lastOutputs[0]).toMatchObject({ type: 'function_call_output' });
  });

  test.each([
    [MALFORMED_SEARCH, 'its arguments are not JSON: {"query": "open an iss'],
    [EMPTY_SEARCH, 'with a non-empty query; got {}'],
  ])(
    'a tool_search_call with bad arguments (%s) loads nothing, says why, and the loop goes on',
    async (turn, why) => {
      const { requests, text } = await runLoop(toolsift, turn, []);
      expect(requests.at(-1)!.lastOutputs[0]).toMatchObject({ type: 'tool_search_output', tools: [] });
      expect(text).toContain(why);
      expect(text).toMatch(/^error: tool_search takes \{"query"/);
    },
  );

  test('a call of an unknown function gets an output that points to the search', async () => {
    const { text } = await runLoop(toolsift, UNKNOWN_CALL, []);
    expect(text).toMatchInlineSnapshot(
      `"error: Unknown tool "no_such_tool". Call tool_search to find and load the tools for a task."`,
    );
  });

  test('learn: the function called after a search is learned for the user message it answered', async () => {
    const learning = await createToolSearch({
      tools: functions,
      embedder,
      indexDir: path.join(indexDir, 'functions'),
      learn: { isSaved: false },
    });
    const { input } = await runLoop(learning, issueTurn.query, []);
    learning.recordCalls(input);
    expect(await learning.flush()).toMatchObject({ changed: 1, tools: [issueTurn.gold], failures: [] });
    expect(learning.selector.learned()).toEqual([
      expect.objectContaining({ tool: issueTurn.gold, prompt: issueTurn.query }),
    ]);
  });
});

describe('OpenAI Responses API over a catalog that knows its servers: namespaces', () => {
  let selector: Selector;
  let toolsift: ResponsesToolSearch;
  beforeAll(async () => {
    const tools: ToolsiftTool[] = [];
    for (const [file, server] of [
      [DEV_TOOLS_PATHS[1]!, { name: 'code-host', description: 'Repositories, issues and pull requests.' }],
      [DEV_TOOLS_PATHS[2]!, { name: 'builds' }],
    ] as const) {
      const page = JSON.parse(await readFile(file, 'utf8')) as { tools: unknown[] };
      tools.push(...loadTools({ server, tools: page.tools }, { format: 'mcp', file }).tools);
    }
    selector = await createSelector({ catalog: tools, embedder, indexDir: path.join(indexDir, 'servers') });
    toolsift = await createToolSearch({ selector, k: K });
  });

  test('functions are declared and loaded in a namespace per server, and a namespaced call is routed', async () => {
    const declared = toolsift.tools.slice(1);
    expect(declared.map((tool) => [tool.type, 'name' in tool ? tool.name : ''])).toEqual([
      ['namespace', 'code-host'],
      ['namespace', 'builds'],
    ]);
    expect(declared[0]).toMatchObject({ description: 'Repositories, issues and pull requests.' });
    expect(declared[1]).toMatchObject({ description: 'Tools of the builds server.' });
    const ran: Array<{ name: string; namespace?: string; toolId: string }> = [];
    const { requests, text } = await runLoop(toolsift, buildTurn.query, ran);
    expect(text).toBe('Done.');
    const loaded = requests[1]!.lastOutputs[0]!.tools!;
    expect(functionNames(loaded)).toContain(`builds.${buildTurn.gold}`);
    // Loaded definitions are written strict, as the Responses API takes them, unless the writer could not.
    const members = loaded.flatMap((tool) => tool.tools as Array<Record<string, unknown>>);
    const fallbacks = new Set(
      toolsift.formatWarnings.filter((warning) => warning.code === 'STRICT_FALLBACK').map((w) => w.toolId),
    );
    expect(members.map((tool) => [tool.name, tool.strict])).toEqual(
      members.map((tool) => [tool.name, !fallbacks.has(String(tool.name))]),
    );
    expect(members.some((tool) => tool.strict === true)).toBe(true);
    expect(ran).toEqual([{ name: buildTurn.gold, namespace: 'builds', toolId: buildTurn.gold }]);
  });
});

// --- internal ---

function lastUserText(request: SearchFlowRequest): string {
  const user = request.input.findLast((item) => item.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

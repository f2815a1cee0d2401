import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Agent,
  type AgentInputItem,
  MaxTurnsExceededError,
  MemorySession,
  OpenAIProvider,
  Runner,
  RunState,
  tool,
} from '@openai/agents';
import { createEmbedder, type Selector } from '@toolsift/selector';
import {
  type ScriptedApi,
  type ScriptedOpenAIServer,
  type ScriptedRequest,
  startScriptedOpenAIServer,
} from '@toolsift/test-support/scripted-openai-server';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AgentToolChoice, withToolSelection } from '../../src/openai-agents/index.js';
import {
  type CatalogTool,
  conversationSlice,
  placeholderArguments,
} from '../fixtures/dev-tools-conversation.js';
import { createFailingEmbedder } from '../fixtures/failing-embedder.js';

const K = 5;
const { catalog, buildTurn, issueTurn, byName } = await conversationSlice();

/** Every tool execution, in order: what the Runner really ran. */
const executed: Array<{ name: string; input: unknown }> = [];
const agentTools = catalog.map((entry: CatalogTool) =>
  tool({
    name: entry.name,
    description: entry.description,
    parameters: entry.parameters as never,
    strict: false,
    execute: async (input) => {
      executed.push({ name: entry.name, input });
      return JSON.stringify({ ok: true, tool: entry.name });
    },
  }),
);
const newAgent = (tools = agentTools) =>
  new Agent({ name: 'assistant', instructions: 'Use the tools.', tools });

/** A tool the scripted model calls whether offered or not, to see what the Runner does with it. */
let forcedCall: string | undefined;

/**
 * The scripted model: for a user message it calls the gold tool of that prompt, but only when the
 * request offers it (a real model cannot call a tool it was not given); after a tool result it answers.
 */
function reply(request: ScriptedRequest) {
  if (request.isAfterToolResult) return { text: 'Done.' };
  if (forcedCall !== undefined) return { toolCalls: [{ name: forcedCall, arguments: {} }] };
  const prompt = [buildTurn, issueTurn].find((entry) => entry.query === request.userTexts.at(-1));
  if (prompt === undefined || !request.toolNames.includes(prompt.gold))
    return { text: 'No tool I was given fits.' };
  return { toolCalls: [{ name: prompt.gold, arguments: placeholderArguments(byName.get(prompt.gold)!) }] };
}

let server: ScriptedOpenAIServer;
let indexDir: string;
let selector: Selector;
let builtAgent: Agent;
const choices: Record<ScriptedApi, AgentToolChoice[]> = { chat_completions: [], responses: [] };

const runnerFor = (api: ScriptedApi) =>
  new Runner({
    modelProvider: new OpenAIProvider({
      apiKey: 'test',
      baseURL: server.baseURL,
      useResponses: api === 'responses',
    }),
    model: 'scripted',
    tracingDisabled: true,
  });

beforeAll(async () => {
  server = await startScriptedOpenAIServer({ reply });
  indexDir = await mkdtemp(path.join(tmpdir(), 'toolsift-openai-agents-'));
  const built = await withToolSelection(newAgent(), {
    k: K,
    // The follow-up is on another topic: with the last message alone as the query, only stickiness keeps
    // the first turn's tool.
    historyTurns: 1,
    embedder: await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR }),
    indexDir,
    onSelect: (choice) => choices.chat_completions.push(choice),
  });
  builtAgent = built.agent;
  selector = built.selector;
});
afterAll(async () => {
  await server?.close();
  await rm(indexDir, { recursive: true, force: true });
});

describe.each(['chat_completions', 'responses'] as const)(
  'withToolSelection, run by the Agents SDK Runner against a scripted server (%s)',
  (api) => {
    let runner: Runner;
    let agent: Agent;
    let history: AgentInputItem[];
    const requestsOfRun = async (input: string | AgentInputItem[], runAgent = agent) => {
      const before = server.requests.length;
      const result = await runner.run(runAgent, input);
      return { result, requests: server.requests.slice(before) };
    };

    beforeAll(async () => {
      runner = runnerFor(api);
      agent =
        api === 'chat_completions'
          ? builtAgent
          : (
              await withToolSelection(newAgent(), {
                selector,
                k: K,
                historyTurns: 1,
                onSelect: (choice) => choices.responses.push(choice),
              })
            ).agent;
    });

    test('the model is offered at most k of the 100+ tools, the gold one among them, and its call is run', async () => {
      expect(agentTools.length).toBeGreaterThanOrEqual(100);
      const ranBefore = executed.length;
      const { result, requests } = await requestsOfRun(buildTurn.query);
      expect(requests.map((request) => request.api)).toEqual([api, api]);
      const [first, second] = requests;
      expect(first!.toolNames.length).toBeLessThanOrEqual(K);
      expect(first!.toolNames).toContain(buildTurn.gold);
      // What the model got is what the selector chose for the run (in the agent's tool order), and it stays
      // through the tool-call step.
      expect(first!.toolNames.toSorted()).toEqual(choices[api][0]?.toolNames.toSorted());
      expect(second!.toolNames).toEqual(first!.toolNames);
      expect(executed.slice(ranBefore)).toEqual([
        { name: buildTurn.gold, input: placeholderArguments(byName.get(buildTurn.gold)!) },
      ]);
      expect(result.finalOutput).toBe('Done.');
      history = result.history;
    });

    test('in a follow-up on another topic the called tool stays offered (sticky), within k', async () => {
      // On its own the follow-up prompt does not select the first tool: only the call keeps it.
      const alone = await selector.select(issueTurn.query, { k: K });
      expect(alone.tools.map((entry) => entry.id)).not.toContain(buildTurn.gold);

      const ranBefore = executed.length;
      const { result, requests } = await requestsOfRun([
        ...history,
        { role: 'user', content: issueTurn.query },
      ]);
      const followUp = requests[0]!;
      expect(followUp.toolNames.length).toBeLessThanOrEqual(K);
      expect(followUp.toolNames).toEqual(expect.arrayContaining([buildTurn.gold, issueTurn.gold]));
      expect(choices[api][1]?.tools.find((entry) => entry.id === buildTurn.gold)?.isSticky).toBe(true);
      expect(executed.slice(ranBefore).map((call) => call.name)).toEqual([issueTurn.gold]);
      expect(result.finalOutput).toBe('Done.');
    });

    test("with the SDK's own memory session, the follow-up is a plain string and the called tool stays", async () => {
      const session = new MemorySession();
      const before = server.requests.length;
      await runner.run(agent, buildTurn.query, { session });
      await runner.run(agent, issueTurn.query, { session });
      const followUp = server.requests.slice(before).find((request) => request.userTexts.length === 2)!;
      expect(followUp.toolNames.length).toBeLessThanOrEqual(K);
      expect(followUp.toolNames).toEqual(expect.arrayContaining([buildTurn.gold, issueTurn.gold]));
    });

    test('with stickyTurns 0 the same follow-up is offered no tool of the first turn', async () => {
      const { agent: forgetful } = await withToolSelection(newAgent(), {
        selector,
        k: K,
        historyTurns: 1,
        stickyTurns: 0,
      });
      const { requests } = await requestsOfRun(
        [...history, { role: 'user', content: issueTurn.query }],
        forgetful,
      );
      expect(requests[0]!.toolNames).toContain(issueTurn.gold);
      expect(requests[0]!.toolNames).not.toContain(buildTurn.gold);
    });

    test('the Runner refuses a call of a tool that was not offered, and runs nothing', async () => {
      const notOffered = catalog.find((entry) => !choices[api][0]?.toolNames.includes(entry.name))!.name;
      forcedCall = notOffered;
      try {
        await expect(runner.run(agent, buildTurn.query)).rejects.toThrow(`Tool ${notOffered} not found`);
      } finally {
        forcedCall = undefined;
      }
      expect(executed.map((call) => call.name)).not.toContain(notOffered);
    });
  },
);

describe('withToolSelection options', () => {
  test("a tool's own isEnabled still decides: a selected tool it disables is not offered", async () => {
    const tools = agentTools.map((entry) =>
      entry.name === issueTurn.gold ? { ...entry, isEnabled: async () => false } : entry,
    );
    const { agent: restricted } = await withToolSelection(newAgent(tools), { selector, k: K });
    const before = server.requests.length;
    const result = await runnerFor('chat_completions').run(restricted, issueTurn.query);
    expect(server.requests[before]!.toolNames).not.toContain(issueTurn.gold);
    expect(server.requests[before]!.toolNames.length).toBeGreaterThan(0);
    expect(result.finalOutput).toBe('No tool I was given fits.');
  });

  test('a run interrupted for approval and resumed in the same process keeps its selection', async () => {
    const tools = agentTools.map((entry) =>
      entry.name === buildTurn.gold ? { ...entry, needsApproval: async () => true } : entry,
    );
    const { agent: guarded } = await withToolSelection(newAgent(tools), { selector, k: K });
    const runner = runnerFor('chat_completions');
    const before = server.requests.length;
    const interrupted = await runner.run(guarded, buildTurn.query);
    expect(interrupted.interruptions.map((item) => item.name)).toEqual([buildTurn.gold]);
    interrupted.state.approve(interrupted.interruptions[0]!);
    const ranBefore = executed.length;
    const resumed = await runner.run(guarded, interrupted.state);
    expect(executed.slice(ranBefore).map((call) => call.name)).toEqual([buildTurn.gold]);
    expect(resumed.finalOutput).toBe('Done.');
    const [first, afterResume] = server.requests.slice(before);
    expect(afterResume!.toolNames).toEqual(first!.toolNames);
  });

  test('a run resumed from a serialized RunState is offered every tool until it ends, then selection resumes', async () => {
    const tools = agentTools.map((entry) =>
      entry.name === buildTurn.gold ? { ...entry, needsApproval: async () => true } : entry,
    );
    const { agent: guarded } = await withToolSelection(newAgent(tools), { selector, k: K });
    const runner = runnerFor('chat_completions');
    const interrupted = await runner.run(guarded, buildTurn.query);
    // As a server storing the state between requests does: the state read back from its string form.
    const state = await RunState.fromString(guarded, interrupted.state.toString());
    state.approve(state.getInterruptions()[0]!);
    const before = server.requests.length;
    const ranBefore = executed.length;
    const resumed = await runner.run(guarded, state);
    expect(executed.slice(ranBefore).map((call) => call.name)).toEqual([buildTurn.gold]);
    expect(server.requests[before]!.toolNames).toHaveLength(agentTools.length);
    await runner.run(guarded, [...resumed.history, { role: 'user', content: issueTurn.query }]);
    expect(server.requests.at(-2)!.toolNames.length).toBeLessThanOrEqual(K);
  });

  test('with learn, each call of a run is learned for its user message once flushed', async () => {
    const selection = await withToolSelection(newAgent(), { selector, k: K, learn: { isSaved: false } });
    await runnerFor('chat_completions').run(selection.agent, buildTurn.query);
    expect(await selection.flush()).toMatchObject({ failed: 0, failures: [] });
    expect(selector.learned()).toContainEqual({
      prompt: buildTurn.query,
      tool: buildTurn.gold,
      source: 'call',
    });
  });

  test('a run that throws (max turns) still has its calls learned, and keeps no learner once learned', async () => {
    await selector.forget([{ prompt: buildTurn.query }], { isSaved: false });
    const selection = await withToolSelection(newAgent(), { selector, k: K, learn: { isSaved: false } });
    const run = runnerFor('chat_completions').run(selection.agent, buildTurn.query, { maxTurns: 1 });
    await expect(run).rejects.toThrow(MaxTurnsExceededError);
    expect(await selection.flush()).toMatchObject({ changed: 1, tools: [buildTurn.gold], failures: [] });
    expect(selector.learned()).toContainEqual({
      prompt: buildTurn.query,
      tool: buildTurn.gold,
      source: 'call',
    });
  });
});

describe('withToolSelection errors', () => {
  test('metadata for a tool the agent does not have is an UNKNOWN_TOOL error naming the function tools', async () => {
    const attempt = withToolSelection(newAgent(agentTools.slice(0, 2)), {
      metadata: { getWeather: { notFor: 'climate' } },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'UNKNOWN_TOOL' });
    await expect(attempt).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: metadata names "getWeather", which is not one of the agent's function tools. Tools: maps_geocodeAddress, maps_showMap.]`,
    );
  });

  test('metadata beside a given selector is a USAGE_ERROR (the selector already holds its tools)', async () => {
    const attempt = withToolSelection(newAgent(), {
      selector,
      metadata: { [issueTurn.gold]: { notFor: 'release notes' } },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'USAGE_ERROR' });
    await expect(attempt).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: withToolSelection was given both a selector and metadata: metadata is read only when toolsift builds the selector; give it to the tools of your selector instead (agentToolDefinitions(tools, metadata)).]`,
    );
  });

  test.each([0, Number.NaN])(
    'learn.maxPerTool %s is a USAGE_ERROR naming it before any run',
    async (maxPerTool) => {
      const attempt = withToolSelection(newAgent(), { selector, learn: { maxPerTool } });
      await expect(attempt).rejects.toMatchObject({ code: 'USAGE_ERROR' });
      await expect(attempt).rejects.toThrow(
        `maxPerTool must be a whole number >= 1 (or Infinity for no bound), got ${maxPerTool}`,
      );
    },
  );

  test('a bad k is a USAGE_ERROR before any run', async () => {
    const attempt = withToolSelection(newAgent(), { selector, k: 0 });
    await expect(attempt).rejects.toMatchObject({ code: 'USAGE_ERROR' });
    await expect(attempt).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: k must be a whole number >= 1, got 0]`,
    );
  });
});

describe('a selection that fails during a run', () => {
  test('the run is offered every function tool and the error goes to onSelectionError', async () => {
    const embedder = createFailingEmbedder();
    const errors: string[] = [];
    const few = agentTools.slice(0, 8);
    const { agent } = await withToolSelection(newAgent(few), {
      k: 2,
      embedder,
      indexDir: false,
      onSelectionError: (error) => errors.push(error.code),
    });
    embedder.failure = 'request';
    const before = server.requests.length;
    const result = await runnerFor('chat_completions').run(agent, buildTurn.query);
    expect(result.finalOutput).toBe('No tool I was given fits.');
    expect(server.requests.slice(before).map((request) => request.toolNames)).toEqual([
      few.map((entry) => entry.name),
    ]);
    expect(errors).toEqual(['EMBEDDING_REQUEST_FAILED']);
  });
});

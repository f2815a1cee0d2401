import type { Agent, AgentInputItem, AgentOutputType, Tool as AgentTool, RunContext } from '@openai/agents';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { LearnFailure, Selector, Session, SessionSelection, SessionTool } from '@toolsift/selector';
import type { ConversationEvent } from '../shared/conversation-event.js';
import { createConversationSelection } from '../shared/conversation-selection.js';
import { createCodeSelector } from '../shared/create-code-selector.js';
import { type LearnSummary, summarizeLearning } from '../shared/learn-summary.js';
import { handleSelectionError } from '../shared/selection-fallback.js';
import { splitToolSelectionOptions, type ToolSelectionOptions } from '../shared/tool-selection-options.js';
import { agentInputEvents } from './agent-input-events.js';
import { type AgentFunctionTool, agentToolDefinitions, isFunctionTool } from './agent-tool-definitions.js';
import { createRunLearners } from './run-learners.js';

/** Options of `withToolSelection`: the selector's (embedder, index folder, rules...), the session's, and more. */
export interface AgentToolSelectionOptions extends ToolSelectionOptions {
  /**
   * A selector over the agent's function tools (tool id = tool name) to use instead of building one, e.g. one
   * shared by several agents. Function tools it does not know are always offered.
   */
  selector?: Selector;
  /** Called with each run's choice before the model sees it. */
  onSelect?: (choice: AgentToolChoice) => void;
}

/** What `withToolSelection` returns: the selecting agent, its selector, and a way to wait for learning. */
export interface AgentToolSelection<TContext, TOutput extends AgentOutputType> {
  /** The agent to run: a clone of the given one whose function tools are offered per run. */
  agent: Agent<TContext, TOutput>;
  /** The selector over the agent's function tools (its index, `learned()`, `forget()`...). */
  selector: Selector;
  /**
   * With `learn`: wait until every tool call so far is learned (before the process exits). Returns what was
   * learned since the previous flush, with the failures no `onLearnError` and no `onSelect` took.
   */
  flush(): Promise<LearnSummary>;
}

/** The function tools chosen for one run. */
export interface AgentToolChoice {
  /** Names of the function tools offered: at most `k`, recently called ones kept. */
  toolNames: string[];
  /** The offered tools with their scores and reasons (`isSticky` for those kept because they were called). */
  tools: SessionTool[];
  /** The session's selection they were taken from (warnings, abstention, timings). */
  selection: SessionSelection;
  /** Tool calls whose learning failed since the previous choice (empty with `learn.onLearnError`). */
  learnFailures: LearnFailure[];
}

/**
 * A copy of `agent` whose model is offered only the function tools that fit the conversation: at the start of
 * each run, toolsift selects from the run's input (the user messages, and the calls in `result.history` or an SDK
 * session passed back in) at most `k` tools, the ones called in the last `stickyTurns` user turns kept. The tool
 * list stays the same through the run's tool-call steps. Other tools, handoffs and a tool's own `isEnabled` are
 * kept. With `learn`, each call the model makes is learned for the user message of its run. A selection that
 * fails with a `ToolsiftError` goes to `onSelectionError` and that run is offered every function tool. Use the
 * returned agent in runs and handoffs, and register hooks on it (`clone` copies no listeners).
 * @example const { agent } = await withToolSelection(new Agent({ name: 'assistant', tools }), { k: 5 });
 * const result = await run(agent, 'Star the octocat/hello-world repository');
 */
export async function withToolSelection<TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: AgentToolSelectionOptions = {},
): Promise<AgentToolSelection<TContext, TOutput>> {
  const { metadata, onSelectionError, session, rest } = splitToolSelectionOptions(options);
  const { selector: givenSelector, onSelect, ...selectorOptions } = rest;
  if (givenSelector !== undefined && metadata !== undefined) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      'withToolSelection was given both a selector and metadata: metadata is read only when toolsift builds the selector; give it to the tools of your selector instead (agentToolDefinitions(tools, metadata)).',
    );
  }
  const selector =
    givenSelector ??
    (await createCodeSelector({ ...selectorOptions, tools: agentToolDefinitions(agent.tools, metadata) }));
  // A conversation's session mirrors its input exactly (sessions are found again by it), so it never learns:
  // each run has a learner of its own, which learns the calls of that run as they happen.
  const { learn, ...selectionSession } = session;
  const conversations = createConversationSelection({ selector, session: selectionSession });
  const learning = learn === undefined || learn === false ? undefined : createRunLearners(selector, learn);

  /** Per run (keyed by its RunContext): the names of the tools offered, and the run's learner. */
  const runs = new WeakMap<
    RunContext<TContext>,
    { offered: Promise<ReadonlySet<string> | undefined>; learner?: Session }
  >();

  /** The names of the tools to offer a run; undefined offers every tool (the selection failed). */
  const choose = async (events: readonly ConversationEvent[]): Promise<ReadonlySet<string> | undefined> => {
    try {
      const { tools, selection } = await conversations.choose(events);
      const toolNames = tools.map((tool) => tool.id);
      if (selection !== undefined) {
        onSelect?.({ toolNames, tools, selection, learnFailures: learning?.takeFailures() ?? [] });
      }
      return new Set(toolNames);
    } catch (error) {
      handleSelectionError(error, onSelectionError);
      return undefined;
    }
  };

  const gate = (tool: AgentFunctionTool<TContext>): AgentFunctionTool<TContext> => ({
    ...tool,
    isEnabled: async (runContext, runAgent) => {
      if (!(await tool.isEnabled(runContext, runAgent))) return false;
      const run = runs.get(runContext);
      // No start seen for this context: a RunState read back with `RunState.fromString`. The SDK gives a
      // resumed run's input to no hook, so nothing can be selected from it: every tool stays offered until that
      // run ends (the next run selects again). `fromString` itself asks for the tools, so this must not fail.
      if (run === undefined) return true;
      return (await run.offered)?.has(tool.name) ?? true;
    },
  });
  const tools: AgentTool<TContext>[] = agent.tools.map((tool) =>
    isFunctionTool(tool) && selector.tool(tool.name) !== undefined ? gate(tool) : tool,
  );
  const selecting = agent.clone({ tools });

  selecting.on('agent_start', (context, _agent, turnInput?: AgentInputItem[]) => {
    if (turnInput === undefined) {
      const offered = Promise.reject(noTurnInput());
      offered.catch(() => undefined);
      runs.set(context, { offered });
      return;
    }
    const events = agentInputEvents(turnInput);
    const offered = choose(events);
    // An error `choose` throws (a bug, or `onSelectionError`'s) is raised where the Runner awaits `isEnabled`;
    // this only avoids an unhandled rejection.
    offered.catch(() => undefined);
    const learner = learning?.learnerFor(events);
    runs.set(context, { offered, ...(learner !== undefined ? { learner } : {}) });
  });
  selecting.on('agent_tool_start', (context, tool) => {
    const learner = runs.get(context)?.learner;
    if (learner !== undefined && tool.type === 'function' && selector.tool(tool.name) !== undefined) {
      learning?.recordCall(learner, tool.name);
    }
  });
  return {
    agent: selecting,
    selector,
    flush: async () => (await learning?.flush()) ?? summarizeLearning([], []),
  };
}

// --- internal ---

/** An SDK version whose `agent_start` hook has no turn input: the run cannot be selected for. */
function noTurnInput(): ToolsiftError {
  return new ToolsiftError(
    ErrorCode.UsageError,
    'this @openai/agents version passes no turn input to the agent_start hook, so toolsift has no conversation to select tools from; withToolSelection needs a version that does (tested with 0.14.3)',
  );
}

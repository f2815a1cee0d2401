import {
  type Agent,
  type AgentInputItem,
  type AgentOutputType,
  type Tool as AgentTool,
  toolSearchTool,
} from '@openai/agents';
import type { Selector, Session } from '@toolsift/selector';
import { checkSameTools } from '../shared/check-same-tools.js';
import { type LearnSummary, summarizeLearning } from '../shared/learn-summary.js';
import { createModelSearch } from '../shared/model-search.js';
import { type ToolSearchOptions, toolSearchSetup } from '../shared/tool-search-options.js';
import { TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_PARAMETERS } from '../shared/tool-search-query.js';
import { agentInputEvents } from './agent-input-events.js';
import { agentToolDefinitions, isFunctionTool } from './agent-tool-definitions.js';
import { createRunLearners } from './run-learners.js';

/** Options of `withToolSearch`: those every provider search takes (the search tool is the SDK's `tool_search`). */
export interface AgentToolSearchOptions extends Omit<ToolSearchOptions, 'searchToolName'> {}

/** What `withToolSearch` returns: the searching agent, its selector, and a way to wait for learning. */
export interface AgentToolSearch<TContext, TOutput extends AgentOutputType> {
  /** The agent to run: a clone whose function tools are deferred behind a client tool search of toolsift's. */
  agent: Agent<TContext, TOutput>;
  /** The selector over the agent's function tools (its index, `learned()`, `forget()`...). */
  selector: Selector;
  /** With `learn`: wait until every tool call so far is learned; what was learned, and what failed. */
  flush(): Promise<LearnSummary>;
}

/**
 * A copy of `agent` whose function tools are deferred (`deferLoading`) behind the Agents SDK's client-executed
 * tool search (`toolSearchTool({ execution: 'client', execute })`), answered by toolsift: each search loads the
 * `k` function tools toolsift selects for the model's query, and the Runner runs them when the model calls them.
 * A search without a usable query loads nothing (the SDK gives `execute` no way to answer with an error). With
 * `learn`, each call is learned for the user message of its run. Needs the Responses API model (the default).
 * @example const { agent } = await withToolSearch(new Agent({ name: 'assistant', tools }), { k: 5 });
 */
export async function withToolSearch<TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: AgentToolSearchOptions = {},
): Promise<AgentToolSearch<TContext, TOutput>> {
  const { selector, k } = await toolSearchSetup(options, () =>
    agentToolDefinitions(agent.tools, options.metadata),
  );
  if (options.selector !== undefined) {
    const names = agent.tools.filter(isFunctionTool).map((tool) => tool.name);
    checkSameTools({ selector, names, toolsWord: "the agent's function tools" });
  }
  const search = createModelSearch({
    selector,
    k,
    toolName: 'tool_search',
    selection: options.selection,
    onSelectionError: options.onSelectionError,
    onSearch: options.onSearch,
  });
  const searchTool = toolSearchTool<TContext>({
    execution: 'client',
    description: TOOL_SEARCH_DESCRIPTION,
    parameters: structuredClone(TOOL_SEARCH_PARAMETERS),
    execute: async ({ toolCall, availableTools }) => {
      const answer = await search.answer(toolCall.arguments);
      if (answer.kind === 'error') return [];
      // The agent's own (deferred) tool objects, best first: the Runner loads them as they are.
      return answer.toolIds.flatMap(
        (toolId) => availableTools.find((tool) => isFunctionTool(tool) && tool.name === toolId) ?? [],
      );
    },
  });
  const tools: AgentTool<TContext>[] = agent.tools.map((tool) =>
    isFunctionTool(tool) && selector.tool(tool.name) !== undefined ? { ...tool, deferLoading: true } : tool,
  );
  const searching = agent.clone({ tools: [...tools, searchTool] });

  const learning =
    options.learn === undefined || options.learn === false
      ? undefined
      : createRunLearners(selector, options.learn);
  if (learning !== undefined) {
    const learners = new WeakMap<object, Session>();
    searching.on('agent_start', (context, _agent, turnInput?: AgentInputItem[]) => {
      if (turnInput !== undefined) learners.set(context, learning.learnerFor(agentInputEvents(turnInput)));
    });
    searching.on('agent_tool_start', (context, tool) => {
      const learner = learners.get(context);
      if (learner !== undefined && tool.type === 'function' && selector.tool(tool.name) !== undefined) {
        learning.recordCall(learner, tool.name);
      }
    });
  }
  return {
    agent: searching,
    selector,
    flush: async () => (await learning?.flush()) ?? summarizeLearning([], []),
  };
}

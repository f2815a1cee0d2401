import { ErrorCode, type FormatWarning, ToolsiftError } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { createCallLearning } from '../shared/call-learning.js';
import type { LearnSummary } from '../shared/learn-summary.js';
import { createModelSearch, type ModelSearchAnswer } from '../shared/model-search.js';
import { type ToolSearchOptions, toolSearchSetup } from '../shared/tool-search-options.js';
import { TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_PARAMETERS } from '../shared/tool-search-query.js';
import { anthropicToolDefinitions } from './anthropic-tool-definitions.js';
import type {
  AnthropicMessages,
  AnthropicToolDefinition,
  AnthropicToolResultContent,
  AnthropicToolUse,
  BetaRunnableTool,
  Tool,
  ToolResultBlockParam,
} from './anthropic-types.js';
import { deferredAnthropicTools } from './deferred-tools.js';
import { messageEvents } from './message-events.js';

/** Options of `createToolSearch`: the tools (or a selector), and those every provider search takes. */
export interface AnthropicToolSearchOptions<TTool extends AnthropicToolDefinition> extends ToolSearchOptions {
  /**
   * Your tools as the Messages API takes them (custom tools, or the SDK's runnable tools for its tool runner).
   * Without `selector`, toolsift builds one over them; with it, they must be the selector's tools by name.
   * Without tools, the selector's tools are written in the Anthropic format.
   */
  tools?: readonly TTool[];
}

/** A call of one of the catalog's tools, as `answer` hands it to your `run`. */
export interface AnthropicToolCall {
  /** The name the model called. */
  name: string;
  /** The toolsift tool id behind it (the name itself for tools given in code). */
  toolId: string;
  /** The input the model gave, unchecked. */
  input: unknown;
}

/** Options of one `answer`. */
export interface AnthropicAnswerOptions {
  /**
   * The conversation so far; with `learn`, each call of a catalog tool in it not seen before is learned for the
   * user message it answered.
   */
  messages?: AnthropicMessages;
  /** Runs a call of a catalog tool and returns its result; without it, only search calls can be answered. */
  run?: (call: AnthropicToolCall) => AnthropicToolResultContent | Promise<AnthropicToolResultContent>;
}

/** toolsift as the tool search of a Messages API agent. */
export interface AnthropicToolSearch<TTool extends AnthropicToolDefinition> {
  /** The selector searched (its index, `learned()`, `forget()`...). */
  readonly selector: Selector;
  /** The `tools` of every request: the search tool, then every catalog tool deferred. The same array each turn. */
  readonly tools: readonly Tool[];
  /** The search tool alone (a custom tool taking `{ query }`). */
  readonly searchTool: Tool;
  /** What the Anthropic format could not express of the selector's tools (tools given in code: none). */
  readonly formatWarnings: readonly FormatWarning[];
  /**
   * The tool result for one `tool_use` block: a search is answered with `tool_reference` blocks for the tools
   * toolsift selects; a catalog tool is run by `run`; an unknown name, a search without a query, or a search that
   * fails gets an error result (`is_error`) that says why. Only a missing `run` (USAGE_ERROR) and the errors of
   * your `run` are thrown.
   */
  answer(toolUse: AnthropicToolUse, options?: AnthropicAnswerOptions): Promise<ToolResultBlockParam>;
  /**
   * The tools for the SDK's tool runner (`client.beta.messages.toolRunner({ tools })`): the search as a runnable
   * tool, then your runnable tools deferred. USAGE_ERROR when the tools given are not runnable.
   */
  runnerTools(): Array<BetaRunnableTool<unknown> | (TTool & { defer_loading: true })>;
  /** With `learn`: learn the calls in a conversation (e.g. `runner.params.messages` after a tool runner's run). */
  recordCalls(messages: AnthropicMessages): void;
  /** With `learn`: wait until every call recorded so far is learned; what was learned, and what failed. */
  flush(): Promise<LearnSummary>;
}

/**
 * Make toolsift the tool search of a Messages API agent: every tool is declared with `defer_loading: true`
 * beside a search tool of toolsift's, and each search the model makes is answered with `tool_reference` blocks
 * for the `k` tools that fit (prerequisites, conflicts and abstention as in any selection). The tool list never
 * changes between turns, so the prompt cache holds.
 * @example
 * const toolsift = await createToolSearch({ tools, k: 5 });
 * const response = await client.messages.create({ model, max_tokens, tools: [...toolsift.tools], messages });
 * // for each tool_use block: await toolsift.answer(block, { messages, run })
 */
export async function createToolSearch<TTool extends AnthropicToolDefinition = Tool>(
  options: AnthropicToolSearchOptions<TTool>,
): Promise<AnthropicToolSearch<TTool>> {
  const { tools: given, ...searchOptions } = options;
  if (given === undefined && options.selector === undefined) {
    throw new ToolsiftError(ErrorCode.UsageError, 'createToolSearch needs tools, a selector, or both');
  }
  const { selector, k, searchToolName } = await toolSearchSetup(searchOptions, () =>
    anthropicToolDefinitions(given ?? [], options.metadata),
  );
  const deferred = deferredAnthropicTools({ selector, given, searchToolName });
  const search = createModelSearch({
    selector,
    k,
    toolName: searchToolName,
    selection: options.selection,
    onSelectionError: options.onSelectionError,
    onSearch: options.onSearch,
  });
  const learning = createCallLearning(selector, options.learn);
  const searchTool: Tool = {
    name: searchToolName,
    description: TOOL_SEARCH_DESCRIPTION,
    input_schema: structuredClone(TOOL_SEARCH_PARAMETERS) as Tool['input_schema'],
  };
  const tools = Object.freeze([searchTool, ...deferred.tools]);
  const recordCalls = (messages: AnthropicMessages): void =>
    learning.record(messageEvents(messages, deferred.toolIdOf));

  return {
    selector,
    tools,
    searchTool,
    formatWarnings: deferred.warnings,
    async answer(toolUse, answerOptions = {}) {
      if (answerOptions.messages !== undefined) recordCalls(answerOptions.messages);
      if (toolUse.name === searchToolName) {
        return searchResult(toolUse.id, await search.answer(toolUse.input), deferred.nameOf);
      }
      const toolId = deferred.toolIdOf(toolUse.name);
      if (toolId === undefined) {
        return errorResult(
          toolUse.id,
          `Unknown tool "${toolUse.name}". Call ${searchToolName} to find and load the tools for a task.`,
        );
      }
      if (answerOptions.run === undefined) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          `answer was given a call of "${toolUse.name}" without a run function: give { run } to run catalog tools, or answer only ${searchToolName} calls`,
        );
      }
      const content = await answerOptions.run({ name: toolUse.name, toolId, input: toolUse.input });
      return { type: 'tool_result', tool_use_id: toolUse.id, content } as ToolResultBlockParam;
    },
    runnerTools() {
      const runnable = (given ?? []).filter(isRunnable);
      if (given === undefined || runnable.length !== given.length) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          "runnerTools needs the tools given to createToolSearch to be the SDK's runnable tools (with run and parse)",
        );
      }
      const searchRunnable: BetaRunnableTool<unknown> = {
        ...searchTool,
        parse: (input: unknown) => input,
        // The runner turns a thrown error into an `is_error` tool result with its message.
        run: async (input: unknown) => {
          const answer = await search.answer(input);
          if (answer.kind === 'error') throw new ToolsiftError(ErrorCode.UsageError, answer.message);
          return searchContent(answer, deferred.nameOf);
        },
      };
      return [searchRunnable, ...given.map((tool) => ({ ...tool, defer_loading: true as const }))];
    },
    recordCalls,
    flush: () => learning.flush(),
  };
}

// --- internal ---

function searchResult(
  toolUseId: string,
  answer: ModelSearchAnswer,
  nameOf: (toolId: string) => string,
): ToolResultBlockParam {
  if (answer.kind === 'error') return errorResult(toolUseId, answer.message);
  return { type: 'tool_result', tool_use_id: toolUseId, content: searchContent(answer, nameOf) };
}

/** `tool_reference` blocks for the tools found; a text saying so when none was. */
function searchContent(
  answer: Extract<ModelSearchAnswer, { kind: 'found' }>,
  nameOf: (toolId: string) => string,
): Array<{ type: 'tool_reference'; tool_name: string }> | string {
  if (answer.toolIds.length === 0) return answer.note ?? 'No tool found.';
  return answer.toolIds.map((toolId) => ({ type: 'tool_reference', tool_name: nameOf(toolId) }));
}

function errorResult(toolUseId: string, message: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, is_error: true, content: message };
}

function isRunnable(tool: AnthropicToolDefinition): boolean {
  const candidate = tool as Partial<BetaRunnableTool<unknown>>;
  return typeof candidate.run === 'function' && typeof candidate.parse === 'function';
}

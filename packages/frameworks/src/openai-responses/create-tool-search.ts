import { ErrorCode, type FormatWarning, ToolsiftError } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { createCallLearning } from '../shared/call-learning.js';
import type { LearnSummary } from '../shared/learn-summary.js';
import { createModelSearch } from '../shared/model-search.js';
import { type ToolSearchOptions, toolSearchSetup } from '../shared/tool-search-options.js';
import { TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_PARAMETERS } from '../shared/tool-search-query.js';
import { deferredFunctions } from './deferred-functions.js';
import { inputEvents } from './input-events.js';
import { responsesToolDefinitions } from './responses-tool-definitions.js';
import type {
  ResponseInputItem,
  ResponseOutputItem,
  ResponsesDeferredTool,
  ResponsesFunctionDefinition,
  ResponsesInput,
  ResponsesToolOutput,
  ToolSearchTool,
} from './responses-types.js';

/** Options of `createToolSearch`: the functions (or a selector), and those every provider search takes. */
export interface ResponsesToolSearchOptions extends Omit<ToolSearchOptions, 'searchToolName'> {
  /**
   * Your function tools as the Responses API takes them. Without `selector`, toolsift builds one over them; with
   * it, they must be the selector's tools by name. Without functions, the selector's tools are written in the
   * Responses format (a namespace per server when the catalog knows its servers).
   */
  tools?: readonly ResponsesFunctionDefinition[];
  /** Write the selector's tools with strict schemas (default true, as the Responses API); a tool that cannot be strict is not. */
  strict?: boolean;
}

/** A function call of one of the catalog's tools, as `answer` hands it to your `run`. */
export interface ResponsesToolCall {
  /** The function name the model called, and its namespace when it has one. */
  name: string;
  namespace?: string;
  /** The toolsift tool id behind it. */
  toolId: string;
  /** The arguments, parsed from the call's JSON. */
  input: unknown;
}

/** Options of one `answer`. */
export interface ResponsesAnswerOptions {
  /**
   * The conversation so far (the request's `input` with the output items pushed into it); with `learn`, each
   * function call in it not seen before is learned for the user message it answered.
   */
  input?: ResponsesInput;
  /** Runs a call of a catalog tool and returns its output; without it, only tool search calls can be answered. */
  run?: (call: ResponsesToolCall) => ResponsesToolOutput | Promise<ResponsesToolOutput>;
}

/** toolsift as the client-executed tool search of a Responses API agent. */
export interface ResponsesToolSearch {
  /** The selector searched (its index, `learned()`, `forget()`...). */
  readonly selector: Selector;
  /**
   * The `tools` of every request: the `tool_search` tool (`execution: 'client'`), then every catalog tool
   * deferred (`defer_loading: true`; a namespace per server). The same array each turn.
   */
  readonly tools: ReadonlyArray<ToolSearchTool | ResponsesDeferredTool>;
  /** The `tool_search` tool alone. */
  readonly searchTool: ToolSearchTool;
  /** What the Responses format could not express of the selector's tools (functions given in code: none). */
  readonly formatWarnings: readonly FormatWarning[];
  /**
   * The input items that answer one output item of a response: a client `tool_search_call` gets a
   * `tool_search_output` loading the tools toolsift selects (when the search had no usable query, failed or found
   * nothing, the output loads none and a developer message says why); a `function_call` of a catalog tool is run
   * by `run` (an unknown name gets an output saying so); any other item needs no answer (`[]`). Only a missing
   * `run` (USAGE_ERROR) and the errors of your `run` are thrown.
   */
  answer(item: ResponseOutputItem, options?: ResponsesAnswerOptions): Promise<ResponseInputItem[]>;
  /** With `learn`: learn the function calls in a conversation. */
  recordCalls(input: ResponsesInput): void;
  /** With `learn`: wait until every call recorded so far is learned; what was learned, and what failed. */
  flush(): Promise<LearnSummary>;
}

/**
 * Make toolsift the tool search of a Responses API agent: every function is declared deferred beside a
 * `tool_search` tool executed by the client, and each `tool_search_call` is answered with a `tool_search_output`
 * carrying the definitions of the `k` tools toolsift selects (prerequisites, conflicts and abstention as in any
 * selection). The tool list never changes between turns.
 * @example
 * const toolsift = await createToolSearch({ tools: functions, k: 5 });
 * const response = await client.responses.create({ model, tools: [...toolsift.tools], input });
 * // for each output item: input.push(item, ...(await toolsift.answer(item, { input, run })))
 */
export async function createToolSearch(options: ResponsesToolSearchOptions): Promise<ResponsesToolSearch> {
  const { tools: given, strict, ...searchOptions } = options;
  if (given === undefined && options.selector === undefined) {
    throw new ToolsiftError(ErrorCode.UsageError, 'createToolSearch needs tools, a selector, or both');
  }
  const { selector, k } = await toolSearchSetup(searchOptions, () =>
    responsesToolDefinitions(given ?? [], options.metadata),
  );
  const functions = deferredFunctions({ selector, given, strict });
  const search = createModelSearch({
    selector,
    k,
    toolName: 'tool_search',
    selection: options.selection,
    onSelectionError: options.onSelectionError,
    onSearch: options.onSearch,
  });
  const learning = createCallLearning(selector, options.learn);
  const searchTool: ToolSearchTool = {
    type: 'tool_search',
    execution: 'client',
    description: TOOL_SEARCH_DESCRIPTION,
    parameters: structuredClone(TOOL_SEARCH_PARAMETERS),
  };
  const recordCalls = (input: ResponsesInput): void =>
    learning.record(inputEvents(input, functions.toolIdOf));

  return {
    selector,
    tools: Object.freeze([searchTool, ...functions.declared]),
    searchTool,
    formatWarnings: functions.warnings,
    async answer(item, answerOptions = {}) {
      if (answerOptions.input !== undefined) recordCalls(answerOptions.input);
      if (item.type === 'tool_search_call') {
        // A search the server ran (hosted tool search) is answered by the server.
        if (item.execution === 'server') return [];
        const callId = item.call_id ?? item.id;
        const answer = await search.answer(item.arguments);
        const tools = answer.kind === 'found' ? functions.loaded(answer.toolIds) : [];
        const output: ResponseInputItem = {
          type: 'tool_search_output',
          call_id: callId,
          execution: 'client',
          status: 'completed',
          tools,
        };
        const said = answer.kind === 'error' ? answer.message : answer.note;
        return said === undefined ? [output] : [output, { role: 'developer', content: said }];
      }
      if (item.type !== 'function_call') return [];
      const toolId = functions.toolIdOf(item.name, item.namespace);
      const called = item.namespace === undefined ? item.name : `${item.namespace}.${item.name}`;
      const reply = (output: ResponsesToolOutput): ResponseInputItem[] => [
        { type: 'function_call_output', call_id: item.call_id, output },
      ];
      if (toolId === undefined) {
        return reply(`Unknown tool "${called}". Call tool_search to find and load the tools for a task.`);
      }
      let input: unknown;
      try {
        input = JSON.parse(item.arguments || '{}');
      } catch {
        return reply(`The arguments of ${called} are not JSON: ${item.arguments.slice(0, 200)}`);
      }
      if (answerOptions.run === undefined) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          `answer was given a call of "${called}" without a run function: give { run } to run catalog tools, or answer only tool_search calls`,
        );
      }
      return reply(
        await answerOptions.run({
          name: item.name,
          ...(item.namespace !== undefined ? { namespace: item.namespace } : {}),
          toolId,
          input,
        }),
      );
    },
    recordCalls,
    flush: () => learning.flush(),
  };
}

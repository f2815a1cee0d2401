import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { BindToolsInput } from '@langchain/core/language_models/chat_models';
import { type Runnable, RunnableLambda } from '@langchain/core/runnables';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Selector, SessionSelection, SessionTool } from '@toolsift/selector';
import { createConversationSelection } from '../shared/conversation-selection.js';
import { createCodeSelector } from '../shared/create-code-selector.js';
import type { LearnSummary } from '../shared/learn-summary.js';
import { handleSelectionError } from '../shared/selection-fallback.js';
import { splitToolSelectionOptions, type ToolSelectionOptions } from '../shared/tool-selection-options.js';
import { langChainToolDefinitions } from './langchain-tool-definitions.js';
import { messageEvents } from './message-events.js';

/**
 * Options of `createToolsift`: the selector's (embedder, index folder, rules...), the session's (`stickyTurns`,
 * `learn`...), `k`, metadata per tool name, and `onSelectionError`.
 */
export interface LangChainToolsiftOptions extends ToolSelectionOptions {}

/** The tools chosen for one model call. */
export interface LangChainToolChoice<TTool> {
  /** The given tool objects to bind: at most `k`, recently called ones kept. */
  tools: TTool[];
  /** The same tools with their scores and reasons (`isSticky` for those kept because they were called). */
  offered: SessionTool[];
  /**
   * The session's selection they were taken from (warnings, abstention, timings; learn failures come with
   * `flush()`); undefined when the conversation has no user text yet (e.g. only an image), and nothing is offered.
   */
  selection: SessionSelection | undefined;
}

/** A chat model that can bind these tools (`BaseChatModel` subclasses that support tool calling). */
export interface ToolBindingModel<TTool, TOutput> {
  bindTools?: (tools: TTool[]) => Runnable<BaseLanguageModelInput, TOutput>;
}

/** Tool selection for a LangChain.js chat model. */
export interface LangChainToolsift<TTool extends BindToolsInput> {
  /** The selector over the tools (its index, `learned()`, `forget()`...). */
  readonly selector: Selector;
  /** The tools to bind for a conversation: `model.bindTools(await toolsift.selectTools(messages))`. */
  selectTools(messages: BaseLanguageModelInput): Promise<TTool[]>;
  /** `selectTools` with the scores, reasons and the session's selection. A failed selection is thrown. */
  select(messages: BaseLanguageModelInput): Promise<LangChainToolChoice<TTool>>;
  /**
   * A Runnable to use in place of `model.bindTools(tools)`: each invocation (or stream) binds the tools selected
   * for its input messages, then runs the model. USAGE_ERROR when the model cannot bind tools. A selection that
   * fails with a `ToolsiftError` goes to `onSelectionError` and the call is bound every tool.
   */
  bindTools<TOutput>(model: ToolBindingModel<TTool, TOutput>): Runnable<BaseLanguageModelInput, TOutput>;
  /**
   * With `learn`: wait until every tool call seen so far is learned. Returns what was learned since the previous
   * flush, over every conversation, with the calls whose learning failed (unless `learn.onLearnError` took them).
   */
  flush(): Promise<LearnSummary>;
}

/**
 * Build a selector over LangChain tools (its index persists, keyed by the tools) and select, for each model call,
 * the few that fit the conversation. The conversation is read from the messages of each call, so one object can
 * serve many conversations at once: a tool the model called (an AI message's `tool_calls`) stays offered for
 * `stickyTurns` user turns, and with `learn` each call is learned for the user message it answered.
 * @example
 * const toolsift = await createToolsift(tools, { k: 5 });
 * const response = await toolsift.bindTools(chatModel).invoke(messages);
 */
export async function createToolsift<TTool extends BindToolsInput>(
  tools: readonly TTool[],
  options: LangChainToolsiftOptions = {},
): Promise<LangChainToolsift<TTool>> {
  const { metadata, onSelectionError, session, rest } = splitToolSelectionOptions(options);
  const definitions = langChainToolDefinitions(tools, metadata);
  const selector = await createCodeSelector({ ...rest, tools: definitions });
  const toolsByName = new Map<string, TTool>(
    definitions.map((definition, index) => [definition.name, tools[index]!]),
  );
  const conversations = createConversationSelection({ selector, session });

  const select = async (messages: BaseLanguageModelInput): Promise<LangChainToolChoice<TTool>> => {
    const { tools: offered, selection } = await conversations.choose(messageEvents(messages));
    return { tools: offered.map((tool) => toolsByName.get(tool.id)!), offered, selection };
  };
  const selectTools = async (messages: BaseLanguageModelInput): Promise<TTool[]> =>
    (await select(messages)).tools;

  return {
    selector,
    select,
    selectTools,
    bindTools<TOutput>(model: ToolBindingModel<TTool, TOutput>) {
      const bind = model.bindTools?.bind(model);
      if (bind === undefined) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          `the chat model ${model.constructor.name} has no bindTools: toolsift can only select tools for a model that supports tool calling`,
        );
      }
      const toolsFor = async (input: BaseLanguageModelInput): Promise<TTool[]> => {
        try {
          return await selectTools(input);
        } catch (error) {
          handleSelectionError(error, onSelectionError);
          return [...tools];
        }
      };
      // A Runnable returned by the lambda is invoked (or streamed) with the same input and config by LangChain.
      return RunnableLambda.from(async (input: BaseLanguageModelInput) =>
        bind(await toolsFor(input)),
      ).withConfig({ runName: 'ToolsiftBindTools' }) as unknown as Runnable<BaseLanguageModelInput, TOutput>;
    },
    flush: conversations.flush,
  };
}

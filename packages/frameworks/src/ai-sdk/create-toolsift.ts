import type { Selector, SessionSelection, SessionTool } from '@toolsift/selector';
import { createConversationSelection } from '../shared/conversation-selection.js';
import { createCodeSelector } from '../shared/create-code-selector.js';
import type { LearnSummary } from '../shared/learn-summary.js';
import { handleSelectionError } from '../shared/selection-fallback.js';
import { splitToolSelectionOptions, type ToolSelectionOptions } from '../shared/tool-selection-options.js';
import type { AiSdkMessage, AiSdkPrepareStepOptions, AiSdkToolName, AiSdkToolSet } from './ai-sdk-types.js';
import { conversationEvents } from './conversation-events.js';
import { fromAiSdkTools } from './from-ai-sdk-tools.js';

/**
 * Options of `createToolsift`: the selector's (index, embedder...), the session's (`stickyTurns`, `learn`...),
 * `k`, metadata per tool name, and `onSelectionError`.
 */
export interface AiSdkToolsiftOptions extends ToolSelectionOptions {}

/** The tools chosen for one step. */
export interface AiSdkToolChoice<TOOLS extends AiSdkToolSet> {
  /** The names to pass as the AI SDK's `activeTools`: at most `k`, recently called ones kept. */
  activeTools: AiSdkToolName<TOOLS>[];
  /** The offered tools with their scores and reasons, in the order of `activeTools`. */
  tools: SessionTool[];
  /**
   * The session's selection the tools were taken from (warnings, abstention, timings; learn failures come
   * with `flush()`); undefined while the conversation has no user text (only images, say), when no tool is
   * offered.
   */
  selection: SessionSelection | undefined;
}

/** Tool selection for an AI SDK agent: give `prepareStep` to `generateText` / `streamText`. */
export interface AiSdkToolsift<TOOLS extends AiSdkToolSet> {
  /** The selector over the tool set (its index, `learned()`, `forget()`...). */
  readonly selector: Selector;
  /**
   * The AI SDK `prepareStep` function (bound: pass it as it is): selects from the step's messages and returns
   * `{ activeTools }`. A selection that fails with a `ToolsiftError` goes to `onSelectionError` and the step is
   * offered every tool.
   */
  readonly prepareStep: (
    options: AiSdkPrepareStepOptions,
  ) => Promise<{ activeTools: AiSdkToolName<TOOLS>[] }>;
  /**
   * Select for a conversation (AI SDK `ModelMessage`s); e.g. for the `activeTools` option of a single call. A
   * failed selection is thrown here (no fallback: the caller decides).
   */
  select(messages: readonly AiSdkMessage[]): Promise<AiSdkToolChoice<TOOLS>>;
  /**
   * With `learn`: wait until every tool call seen so far is learned. Returns what was learned since the previous
   * flush, over every conversation, with the calls whose learning failed (unless `learn.onLearnError` took them).
   */
  flush(): Promise<LearnSummary>;
}

/**
 * Build a selector over an AI SDK tool set (its index persists, keyed by the tools) and return the `prepareStep`
 * that gives the model only the tools that fit the conversation at each step. The conversation is read from the
 * messages of each step, so one toolsift object can serve many conversations at once; a tool the model called
 * stays offered for `stickyTurns` user turns, and with `learn: true` each call is learned for the prompt it
 * answered.
 * @example
 * const toolsift = await createToolsift(tools, { k: 5 });
 * await generateText({ model, tools, prompt, prepareStep: toolsift.prepareStep, stopWhen: stepCountIs(5) });
 */
export async function createToolsift<TOOLS extends AiSdkToolSet>(
  tools: TOOLS,
  options: AiSdkToolsiftOptions = {},
): Promise<AiSdkToolsift<TOOLS>> {
  const { metadata, onSelectionError, session, rest } = splitToolSelectionOptions(options);
  const selector = await createCodeSelector({ ...rest, tools: await fromAiSdkTools(tools, { metadata }) });
  const conversations = createConversationSelection({ selector, session });
  const allToolNames = Object.keys(tools) as AiSdkToolName<TOOLS>[];

  const select = async (messages: readonly AiSdkMessage[]): Promise<AiSdkToolChoice<TOOLS>> => {
    const { tools: offered, selection } = await conversations.choose(conversationEvents(messages));
    return { activeTools: offered.map((tool) => tool.id as AiSdkToolName<TOOLS>), tools: offered, selection };
  };
  const prepareStep = async ({ messages }: AiSdkPrepareStepOptions) => {
    try {
      return { activeTools: (await select(messages)).activeTools };
    } catch (error) {
      handleSelectionError(error, onSelectionError);
      return { activeTools: allToolNames };
    }
  };

  return {
    selector,
    prepareStep,
    select,
    flush: conversations.flush,
  };
}

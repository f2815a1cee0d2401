// The Anthropic SDK types the adapter reads and writes (type-only: the SDK is an optional peer dependency).
import type { BetaMessageParam, BetaToolResultContentBlockParam } from '@anthropic-ai/sdk/resources/beta';
import type {
  MessageParam,
  Tool,
  ToolReferenceBlockParam,
  ToolResultBlockParam,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';

export type { BetaRunnableTool } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
export type { MessageParam, Tool, ToolReferenceBlockParam, ToolResultBlockParam };

/**
 * A Messages API tool as a user defines it: a custom tool (`name`, `description`, `input_schema`), or the SDK's
 * runnable tool (the same fields, with `run` and `parse`).
 */
export interface AnthropicToolDefinition {
  name: string;
  description?: string | undefined;
  input_schema?: object | undefined;
  defer_loading?: boolean | undefined;
}

/** What `answer` reads of a model's `tool_use` block (Messages or beta). */
export type AnthropicToolUse = Pick<ToolUseBlock, 'id' | 'name' | 'input'>;

/** A conversation as the Messages API (or its beta) takes it. */
export type AnthropicMessages = readonly MessageParam[] | readonly BetaMessageParam[];

/** What a tool run may return as its result: text, or content blocks. */
export type AnthropicToolResultContent = string | BetaToolResultContentBlockParam[];

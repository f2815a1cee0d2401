import { ErrorCode, ToolsiftError } from '../errors.js';
import type { Tool } from '../model/tool.js';
import type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  JsonSchemaTool,
  McpTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
} from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import { FORMAT_TARGETS, type FormatTarget, isFormatTarget } from './format-target.js';
import { toAnthropicTools } from './to-anthropic-tools.js';
import { toGeminiTools } from './to-gemini-tools.js';
import { toJsonSchemaTools } from './to-json-schema-tools.js';
import { toMcpTools } from './to-mcp-tools.js';
import { toOpenAIResponsesTools } from './to-openai-responses-tools.js';
import { toOpenAIStrictTools, toOpenAITools } from './to-openai-tools.js';

/** The emitted tool type of each target. */
export interface FormatTargetTools {
  openai: OpenAIChatTool;
  'openai-strict': OpenAIChatTool;
  'openai-responses': OpenAIResponsesTool;
  anthropic: AnthropicTool;
  gemini: GeminiFunctionDeclaration;
  mcp: McpTool;
  'json-schema': JsonSchemaTool;
}

/**
 * Emit `tools` in `target`'s format (see `FORMAT_TARGETS`); an unknown target is a `USAGE_ERROR`.
 * @example const { tools, names, warnings } = formatTools(selected, 'anthropic');
 */
export function formatTools<T extends FormatTarget>(
  tools: readonly Tool[],
  target: T,
  options?: FormatOptions,
): FormatResult<FormatTargetTools[T]> {
  if (!isFormatTarget(target)) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `Unknown format target "${String(target)}". Targets: ${FORMAT_TARGETS.join(', ')}.`,
      { target, targets: [...FORMAT_TARGETS] },
    );
  }
  const emit = EMITTERS[target];
  return emit(tools, options);
}

/**
 * The exact value a request carries for emitted `tools`: the array itself for OpenAI, Anthropic and JSON
 * Schema; `[{ functionDeclarations }]` for Gemini; a `tools/list` result `{ tools }` for MCP.
 */
export function formatPayload<T extends FormatTarget>(
  target: T,
  tools: readonly FormatTargetTools[T][],
): unknown {
  const list = [...tools];
  switch (target as FormatTarget) {
    case 'openai':
    case 'openai-strict':
    case 'openai-responses':
    case 'anthropic':
    case 'json-schema':
      return list;
    case 'gemini':
      return [{ functionDeclarations: list }];
    case 'mcp':
      return { tools: list };
    default: {
      const unreachable: never = target as never;
      throw new ToolsiftError(ErrorCode.UsageError, `Unknown format target "${String(unreachable)}".`);
    }
  }
}

// --- internal ---

type Emitters = {
  [K in FormatTarget]: (
    tools: readonly Tool[],
    options?: FormatOptions,
  ) => FormatResult<FormatTargetTools[K]>;
};

const EMITTERS: Emitters = {
  openai: toOpenAITools,
  'openai-strict': toOpenAIStrictTools,
  'openai-responses': toOpenAIResponsesTools,
  anthropic: toAnthropicTools,
  gemini: toGeminiTools,
  mcp: toMcpTools,
  'json-schema': toJsonSchemaTools,
};

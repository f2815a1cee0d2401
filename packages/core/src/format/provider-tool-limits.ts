import type { FormatTarget } from './format-target.js';

/** Providers with (or without) a hard cap on the number of tools in one request. */
export type ToolLimitProvider = 'openai' | 'anthropic' | 'gemini' | 'vertex';

/**
 * Most tools one request may carry; `null` where no cap is documented. Sources and assumptions:
 * - openai 128: Chat Completions API reference, "A max of 128 functions are supported" (Responses assumed the same);
 * - anthropic null: the Messages API documents no count limit, only the context window (use `maxTokens`);
 * - gemini 128: an assumption (no firm figure found); conservative, same as OpenAI;
 * - vertex 64: Vertex AI function calling, as recorded in DESIGN.md.
 */
export const PROVIDER_TOOL_LIMITS: Readonly<Record<ToolLimitProvider, number | null>> = Object.freeze({
  openai: 128,
  anthropic: null,
  gemini: 128,
  vertex: 64,
});

/** The provider whose limit applies to a target, or undefined for MCP and JSON Schema. */
export function providerForTarget(target: FormatTarget): ToolLimitProvider | undefined {
  switch (target) {
    case 'openai':
    case 'openai-strict':
    case 'openai-responses':
      return 'openai';
    case 'anthropic':
      return 'anthropic';
    case 'gemini':
      return 'gemini';
    case 'mcp':
    case 'json-schema':
      return undefined;
    default: {
      const unreachable: never = target;
      return unreachable;
    }
  }
}

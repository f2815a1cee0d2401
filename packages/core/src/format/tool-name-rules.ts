import type { FormatTarget } from './format-target.js';

/** What a target accepts as a tool name. */
export interface ToolNameRule {
  /** The whole-name pattern, length included. */
  pattern: RegExp;
  /** Longest name accepted. */
  maxLength: number;
  /** Characters that may appear anywhere in a name (one character class, no anchors). */
  allowedCharacter: RegExp;
  /** Characters a name may start with, when narrower than `allowedCharacter`. */
  firstCharacter?: RegExp;
}

const OPENAI_RULE: ToolNameRule = {
  // OpenAI's FunctionDefinition.name: "a-z, A-Z, 0-9, underscores and dashes, max 64" (openai SDK docs).
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  maxLength: 64,
  allowedCharacter: /[a-zA-Z0-9_-]/,
};

/**
 * Tool-name rules per target. Conservative where sources disagree:
 * - Anthropic: the API's validation message says `^[a-zA-Z0-9_-]{1,128}$`, the tool-use docs say 64; we use 64.
 * - Gemini / Vertex: "start with a letter or an underscore; a-z, A-Z, 0-9, underscores, dots and dashes; max 64".
 *   The Gemini API also documents colons, Vertex does not; we leave colons out.
 * - MCP: the spec's tool-name guidance (SEP-986, the SDK's `validateToolName`): `[A-Za-z0-9._-]`, 1 to 128.
 * - JSON Schema: no provider; any non-empty name, the id is kept as is.
 */
export const TOOL_NAME_RULES: Readonly<Record<FormatTarget, ToolNameRule>> = Object.freeze({
  openai: OPENAI_RULE,
  'openai-strict': OPENAI_RULE,
  'openai-responses': OPENAI_RULE,
  anthropic: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, maxLength: 64, allowedCharacter: /[a-zA-Z0-9_-]/ },
  gemini: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/,
    maxLength: 64,
    allowedCharacter: /[a-zA-Z0-9_.-]/,
    firstCharacter: /[a-zA-Z_]/,
  },
  mcp: { pattern: /^[A-Za-z0-9._-]{1,128}$/, maxLength: 128, allowedCharacter: /[A-Za-z0-9._-]/ },
  'json-schema': { pattern: /^[\s\S]+$/, maxLength: Number.MAX_SAFE_INTEGER, allowedCharacter: /[\s\S]/ },
});

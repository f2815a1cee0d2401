/** Every tool format toolsift can emit, in the order the CLI lists them (`toolsift convert --to`). */
export const FORMAT_TARGETS = Object.freeze([
  'openai',
  'openai-strict',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
  'json-schema',
] as const);

/** One emit target: an LLM provider's function-calling format, MCP, or plain JSON Schema. */
export type FormatTarget = (typeof FORMAT_TARGETS)[number];

/** True when `value` names a format target. */
export function isFormatTarget(value: string): value is FormatTarget {
  return (FORMAT_TARGETS as readonly string[]).includes(value);
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isToolsiftError } from '@toolsift/core';

/**
 * Structured content plus its JSON as text (for clients that read only text); a ToolsiftError becomes `isError`,
 * anything else is thrown on (a bug). `compute` returns content already redacted.
 */
export async function toolAnswer(compute: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    const structured = await compute();
    return {
      content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
      structuredContent: structured,
    };
  } catch (error) {
    if (!isToolsiftError(error)) throw error;
    return { content: [{ type: 'text', text: error.message }], isError: true };
  }
}

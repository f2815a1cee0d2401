import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The answer of a tool with an output schema: `structured` as structured content, and its JSON as text (for clients
 * that read only text). `structured` is already redacted. A tool that fails throws: the SDK's `McpServer` answers
 * with the error's message as a tool error (`isError`), as it does for arguments its input schema refuses.
 */
export function toolAnswer<T extends Record<string, unknown>>(
  structured: T,
): CallToolResult & { structuredContent: T } {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}

/**
 * A tool error the gateway hands back as a value (a call it proxies failed around the server: unknown name, server
 * down, timeout): the shape `McpServer` gives a thrown error, so the agent sees one kind of failure.
 */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

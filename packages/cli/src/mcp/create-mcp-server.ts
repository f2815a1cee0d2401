import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ErrorCode,
  formatTools,
  isToolsiftError,
  redactSecrets,
  type Tool,
  ToolsiftError,
} from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { z } from 'zod';
import { VERSION } from '../version.js';
import { closeIds } from './close-ids.js';

/** Most tools one `search_tools` call returns. */
export const MAX_SEARCH_K = 50;

/**
 * Longest `search_tools` query, in characters (advertised as `maxLength`). The selector reads 4,096 and cuts a longer
 * prompt with a PROMPT_TRUNCATED warning, so a request with a pasted document is still served; a longer query is no
 * task description but a mistake (a file passed as the query) and is refused at once: a 10,000,000-character query
 * took the heap past 4 GB and aborted the server.
 */
export const MAX_QUERY_LENGTH = 100_000;

/** Longest `get_tool` id, in characters: twice MCP's 128 for a tool name, and it bounds the close-id search. */
export const MAX_ID_LENGTH = 256;

/**
 * An MCP server over a catalog with two tools: `search_tools` (rank tools for a task, with their MCP
 * definitions and the reasons) and `get_tool` (one definition by id). The selector may still be loading:
 * calls wait for it, so the server can answer `initialize` at once.
 */
export function createMcpServer(options: { selector: Promise<Selector> }): McpServer {
  const server = new McpServer(
    { name: 'toolsift', version: VERSION },
    {
      instructions:
        'Call search_tools with a description of the task to find the tools that fit it, with their definitions; ' +
        'call get_tool with an id for one definition.',
    },
  );

  server.registerTool(
    'search_tools',
    {
      title: 'Search tools',
      description:
        'Rank the tools of the catalog for a task described in plain language. Returns the best tools first, ' +
        'each with its MCP definition, a confidence in [0, 1] and the reasons it was chosen.',
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, k }) =>
      answer(async () => {
        const selector = await options.selector;
        const selection = await selector.select(query, { k: k ?? DEFAULT_SEARCH_K });
        const tools = selection.tools.map((selected) => selector.tool(selected.id)!);
        const formatted = formatTools(tools, 'mcp');
        // formatTools has redacted the definitions; the rest quotes tool metadata and is redacted here, once.
        const listed = redactSecrets({
          tools: selection.tools.map((selected) => ({
            id: selected.id,
            name: selected.name,
            score: selected.score,
            confidence: selected.confidence,
            reasons: selected.reasons.map(({ kind, message }) => ({ kind, message })),
          })),
          unavailable: selection.unavailable.map(({ id, name, reasons }) => ({
            id,
            name,
            reasons: reasons.map(({ kind, message }) => ({ kind, message })),
          })),
          warnings: [...selection.warnings, ...formatted.warnings].map(({ code, message }) => ({
            code,
            message,
          })),
        });
        return {
          ...listed,
          tools: listed.tools.map((tool, index) => ({ ...tool, definition: formatted.tools[index]! })),
        };
      }),
  );

  server.registerTool(
    'get_tool',
    {
      title: 'Get a tool',
      description: 'The MCP definition of one tool of the catalog, by id (as search_tools returns it).',
      inputSchema: GET_INPUT,
      outputSchema: GET_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) =>
      answer(async () => {
        const selector = await options.selector;
        const tool = findTool(selector, id);
        // formatTools has redacted the definition.
        const [definition] = formatTools([tool], 'mcp').tools;
        return { id: redactSecrets(tool.id), definition: definition! };
      }),
  );
  return server;
}

// --- internal ---

const DEFAULT_SEARCH_K = 5;

/**
 * A `z.strictObject` whose unknown keys are an error naming the nearest valid one: a plain object would drop a
 * misspelt `kk` and answer as if it were never sent. The SDK reports any of these as -32602 in a tool error.
 */
function strictArguments<Shape extends z.ZodRawShape>(tool: string, shape: Shape) {
  const names = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const unknown = issue.keys.map((key) => {
        const [nearest] = closeIds({ wanted: key, ids: names, limit: 1 });
        return `"${key}"${nearest !== undefined ? ` (did you mean "${nearest}"?)` : ''}`;
      });
      return `unknown argument ${unknown.join(', ')} for ${tool}; its arguments are ${names.join(', ')}`;
    },
  });
}

const SEARCH_INPUT = strictArguments('search_tools', {
  query: z
    .string({
      error: (issue) => typeError(issue, 'query must be a string (the task in plain language)'),
    })
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .describe('The task, e.g. "what is the weather in Paris tomorrow"'),
  k: z
    .number({ error: (issue) => kMessage(issue.input) })
    .int({ error: (issue) => kMessage(issue.input) })
    .min(1, { error: (issue) => kMessage(issue.input) })
    .max(MAX_SEARCH_K, { error: (issue) => kMessage(issue.input) })
    .optional()
    .describe(`How many tools to return, 1 to ${MAX_SEARCH_K} (default ${DEFAULT_SEARCH_K})`),
});

const GET_INPUT = strictArguments('get_tool', {
  id: z
    .string({ error: (issue) => typeError(issue, 'id must be a string (a tool id)') })
    .min(1)
    .max(MAX_ID_LENGTH)
    .describe('Tool id, e.g. "get_current_weather"'),
});

// A string schema's own `error` covers its checks too: only the wrong type gets this message, a too-long value keeps
// zod's own ("Too big: expected string to have <=256 characters").
function typeError(issue: { code?: string; input?: unknown }, expected: string): string | undefined {
  return issue.code === 'invalid_type' ? `${expected}, got ${typeOf(issue.input)}` : undefined;
}

function kMessage(input: unknown): string {
  const shown = typeof input === 'number' ? String(input) : typeOf(input);
  return `k must be a whole number from 1 to ${MAX_SEARCH_K}, got ${shown}`;
}

// "nothing" for a missing argument, else the JSON type: a message never echoes a (possibly huge) value.
function typeOf(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  return Array.isArray(input) ? 'an array' : `a ${typeof input}`;
}

const REASON = z.object({ kind: z.string(), message: z.string() });
// MCP `Tool` objects as `formatTools(..., 'mcp')` emits them; loose, since they carry full JSON Schemas.
const DEFINITION = z.looseObject({
  name: z.string(),
  inputSchema: z.looseObject({ type: z.literal('object') }),
});
const SEARCH_OUTPUT = {
  tools: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      score: z.number(),
      confidence: z.number(),
      reasons: z.array(REASON),
      definition: DEFINITION,
    }),
  ),
  unavailable: z.array(z.object({ id: z.string(), name: z.string(), reasons: z.array(REASON) })),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
};
const GET_OUTPUT = { id: z.string(), definition: DEFINITION };

/**
 * Structured content plus its JSON as text (for clients that read only text); a ToolsiftError becomes `isError`.
 * `compute` returns content already redacted: definitions by `formatTools`, the rest by `redactSecrets`.
 */
async function answer(compute: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
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

function findTool(selector: Selector, id: string): Tool {
  const tool = selector.tool(id) ?? uniqueByName(selector.tools, id);
  if (tool !== undefined) return tool;
  const close = closeIds({ wanted: id, ids: selector.tools.map((entry) => entry.id) });
  throw new ToolsiftError(
    ErrorCode.UnknownTool,
    `No tool with id "${id}" in the catalog. ${close.length > 0 ? `Close ids: ${close.join(', ')}.` : 'Use search_tools to find tools.'}`,
    { id, close },
  );
}

function uniqueByName(tools: readonly Tool[], name: string): Tool | undefined {
  const matches = tools.filter((tool) => tool.name === name);
  return matches.length === 1 ? matches[0] : undefined;
}

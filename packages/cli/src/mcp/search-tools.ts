import { formatTools, redactSecrets } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { z } from 'zod';
import { closeIds } from './close-ids.js';

/** Most tools one `search_tools` call returns. */
export const MAX_SEARCH_K = 50;

/** How many tools `search_tools` returns when the call gives no `k`. */
export const DEFAULT_SEARCH_K = 5;

/**
 * Longest `search_tools` query, in characters (advertised as `maxLength`). The selector reads 4,096 and cuts a longer
 * prompt with a PROMPT_TRUNCATED warning, so a request with a pasted document is still served; a longer query is no
 * task description but a mistake (a file passed as the query) and is refused at once: a 10,000,000-character query
 * took the heap past 4 GB and aborted the server.
 */
export const MAX_QUERY_LENGTH = 100_000;

/**
 * A `z.strictObject` whose unknown keys are an error naming the nearest valid one: a plain object would drop a
 * misspelt `kk` and answer as if it were never sent. The SDK reports any of these as -32602 in a tool error.
 */
export function strictArguments<Shape extends z.ZodRawShape>(tool: string, shape: Shape) {
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

/** The arguments of `search_tools`: the task in plain language and how many tools to return. */
export const SEARCH_INPUT = strictArguments('search_tools', {
  query: requiredString('query must be a string (the task in plain language)', MAX_QUERY_LENGTH).describe(
    'The task, e.g. "what is the weather in Paris tomorrow"',
  ),
  k: z
    .number({ error: (issue) => kMessage(issue.input) })
    .int({ error: (issue) => kMessage(issue.input) })
    .min(1, { error: (issue) => kMessage(issue.input) })
    .max(MAX_SEARCH_K, { error: (issue) => kMessage(issue.input) })
    .optional()
    .describe(`How many tools to return, 1 to ${MAX_SEARCH_K} (default ${DEFAULT_SEARCH_K})`),
});

/**
 * "nothing" for a missing argument, else the JSON type: a message never echoes a (possibly huge) value.
 * @example typeOf(undefined) // 'nothing'
 */
function typeOf(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  return Array.isArray(input) ? 'an array' : `a ${typeof input}`;
}

/**
 * A string schema's own `error` covers its checks too: only the wrong type gets this message, a too-long value keeps
 * zod's own ("Too big: expected string to have <=256 characters").
 */
export function typeError(issue: { code?: string; input?: unknown }, expected: string): string | undefined {
  return issue.code === 'invalid_type' ? `${expected}, got ${typeOf(issue.input)}` : undefined;
}

/** A non-empty string of at most `maxLength` characters; a value of another type gets `expected` and its type. */
export function requiredString(expected: string, maxLength: number) {
  return z
    .string({ error: (issue) => typeError(issue, expected) })
    .min(1)
    .max(maxLength);
}

const REASON = z.object({ kind: z.string(), message: z.string() });

/** MCP `Tool` objects as `formatTools(..., 'mcp')` emits them; loose, since they carry full JSON Schemas. */
export const DEFINITION = z.looseObject({
  name: z.string(),
  inputSchema: z.looseObject({ type: z.literal('object') }),
});

/** One ranked tool of a `search_tools` answer. */
export const SEARCH_HIT = z.object({
  id: z.string(),
  name: z.string(),
  score: z.number(),
  confidence: z.number(),
  reasons: z.array(REASON),
  definition: DEFINITION,
});

/** A tool the selection found but set aside, with why (a missing prerequisite, a server that is down). */
export const UNAVAILABLE_TOOL = z.object({ id: z.string(), name: z.string(), reasons: z.array(REASON) });

/** The structured answer of `search_tools`. */
export const SEARCH_OUTPUT = z.object({
  tools: z.array(SEARCH_HIT),
  unavailable: z.array(UNAVAILABLE_TOOL),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});

/** The structured answer of `search_tools`, as `SEARCH_OUTPUT` describes it. */
export type SearchAnswer = z.infer<typeof SEARCH_OUTPUT>;

/**
 * Rank the selector's tools for `query`: the best `k` first, each with its MCP definition, confidence and reasons;
 * the tools set aside, and the warnings. Definitions are redacted by `formatTools`, the rest here, once.
 */
export async function searchTools(options: {
  selector: Selector;
  query: string;
  k?: number | undefined;
}): Promise<SearchAnswer> {
  const { selector } = options;
  const selection = await selector.select(options.query, { k: options.k ?? DEFAULT_SEARCH_K });
  const tools = selection.tools.map((selected) => selector.tool(selected.id)!);
  const formatted = formatTools(tools, 'mcp');
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
    // A copy: an object literal, unlike the `McpTool` interface, fits the schema's open object type.
    tools: listed.tools.map((tool, index) => ({ ...tool, definition: { ...formatted.tools[index]! } })),
  };
}

// --- internal ---

function kMessage(input: unknown): string {
  const shown = typeof input === 'number' ? String(input) : typeOf(input);
  return `k must be a whole number from 1 to ${MAX_SEARCH_K}, got ${shown}`;
}

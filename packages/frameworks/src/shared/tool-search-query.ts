/** The name of the search tool the model calls, unless the caller chooses another. */
export const DEFAULT_SEARCH_TOOL_NAME = 'search_tools';

/**
 * What the model is told about the search tool: the tools it can call are loaded by describing the task, and
 * the words of the user's request find them best (toolsift reads use cases and examples written that way).
 */
export const TOOL_SEARCH_DESCRIPTION =
  'Find and load the tools for a task. Most tools are not loaded yet: describe what you need to do in plain words, ' +
  'as the user asked it (e.g. "open an issue in the payments repository"), and the tools that fit are loaded for you to call next. Search again with other words, or for the next step, when none of them fits.';

/** The search tool's input: one query, in the model's words. */
export const TOOL_SEARCH_PARAMETERS = Object.freeze({
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'What you need to do, in plain words: the user request or the step of it you are on.',
    },
  },
  required: ['query'],
  additionalProperties: false,
}) satisfies { type: 'object'; properties: Record<string, unknown>; required: string[] };

/** The query of a search call, or what is wrong with its input (said to the model as the tool's error). */
export type SearchQuery = { query: string } | { error: string };

/**
 * Read the query a model gave the search tool: an object `{ query }` with a non-empty string (a JSON text of
 * one is parsed first, as OpenAI sends function arguments). Anything else is an error message for the model
 * that names the tool, what it takes and what it got.
 */
export function readSearchQuery(input: unknown, toolName: string): SearchQuery {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { error: `${expected(toolName)}; its arguments are not JSON: ${shown(input)}` };
    }
  }
  const query =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>).query
      : undefined;
  if (typeof query !== 'string' || query.trim() === '') {
    return { error: `${expected(toolName)}; got ${shown(JSON.stringify(value) ?? String(value))}` };
  }
  return { query: query.trim() };
}

// --- internal ---

/** Longest piece of the model's input quoted back in an error. */
const SHOWN_LENGTH = 200;

function expected(toolName: string): string {
  return `${toolName} takes {"query": "<what you need to do, in plain words>"} with a non-empty query`;
}

function shown(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

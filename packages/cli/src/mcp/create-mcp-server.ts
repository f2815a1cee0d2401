import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, formatTools, redactSecrets, type Tool, ToolsiftError } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { z } from 'zod';
import { VERSION } from '../version.js';
import { closeIds } from './close-ids.js';
import {
  DEFINITION,
  requiredString,
  SEARCH_INPUT,
  SEARCH_OUTPUT,
  searchTools,
  strictArguments,
} from './search-tools.js';
import { toolAnswer } from './tool-answer.js';

/** Longest `get_tool` id, in characters: twice MCP's 128 for a tool name, and it bounds the close-id search. */
const MAX_ID_LENGTH = 256;

/**
 * An MCP server over a catalog with two tools: `search_tools` (rank tools for a task, with their MCP
 * definitions and the reasons) and `get_tool` (one definition by id). The selector may still be loading:
 * calls wait for it, so the server can answer `initialize` at once. A failure (an unknown id, a catalog that did
 * not load) is thrown, and the SDK answers it as a tool error.
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
    async ({ query, k }) => toolAnswer(await searchTools({ selector: await options.selector, query, k })),
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
    async ({ id }) => {
      const tool = findTool(await options.selector, id);
      // formatTools has redacted the definition.
      const [definition] = formatTools([tool], 'mcp').tools;
      return toolAnswer({ id: redactSecrets(tool.id), definition: { ...definition! } });
    },
  );
  return server;
}

// --- internal ---

const GET_INPUT = strictArguments('get_tool', {
  id: requiredString('id must be a string (a tool id)', MAX_ID_LENGTH).describe(
    'Tool id, e.g. "get_current_weather"',
  ),
});

const GET_OUTPUT = z.object({ id: z.string(), definition: DEFINITION });

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

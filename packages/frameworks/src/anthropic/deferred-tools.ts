import { ErrorCode, type FormatWarning, ToolsiftError, toAnthropicTools } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';
import { checkSameTools } from '../shared/check-same-tools.js';
import type { AnthropicToolDefinition, Tool } from './anthropic-types.js';

/** Every tool of a search's catalog as the request declares it, deferred, with the names both ways. */
export interface DeferredAnthropicTools {
  /** Each tool's definition with `defer_loading: true`, in catalog order. */
  tools: Tool[];
  /** The name a tool id is declared (and referenced) by. */
  nameOf(toolId: string): string;
  /** The tool id behind a declared name; undefined for a name the catalog does not have. */
  toolIdOf(name: string): string | undefined;
  /** What the Anthropic format could not express of the selector's tools (empty for tools given as they are). */
  warnings: FormatWarning[];
}

/**
 * The deferred tools of a search: the user's own definitions when given (kept as written, `defer_loading` set),
 * else the selector's tools written by toolsift's Anthropic writer (names made valid, `names` kept to route
 * calls back). Given tools must be exactly the selector's (by name), so that every tool a search can load is
 * declared: USAGE_ERROR naming the ones that differ. USAGE_ERROR too when a tool takes the search tool's name.
 */
export function deferredAnthropicTools(options: {
  selector: Selector;
  given?: readonly AnthropicToolDefinition[] | undefined;
  searchToolName: string;
}): DeferredAnthropicTools {
  const { selector, given, searchToolName } = options;
  let deferred: DeferredAnthropicTools;
  if (given !== undefined) {
    checkSameTools({ selector, names: given.map((tool) => tool.name), toolsWord: 'the tools given' });
    deferred = {
      tools: given.map((tool) => ({ ...tool, defer_loading: true }) as Tool),
      nameOf: (toolId) => toolId,
      toolIdOf: (name) => (selector.tool(name) !== undefined ? name : undefined),
      warnings: [],
    };
  } else {
    const written = toAnthropicTools(selector.tools);
    const nameById = new Map(Object.entries(written.names).map(([name, id]) => [id, name]));
    const idByName = new Map(Object.entries(written.names));
    deferred = {
      tools: written.tools.map((tool) => ({ ...tool, defer_loading: true })),
      nameOf: (toolId) => nameById.get(toolId) ?? toolId,
      toolIdOf: (name) => idByName.get(name),
      warnings: written.warnings,
    };
  }
  if (deferred.toolIdOf(searchToolName) !== undefined) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `a tool is named "${searchToolName}", the name of the search tool; give the search another name (searchToolName)`,
      { option: 'searchToolName' },
    );
  }
  return deferred;
}

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Selector } from '@toolsift/selector';

/**
 * Tools a user declares to a provider beside a selector of their own must be exactly the selector's (tool name =
 * tool id): a search could otherwise load a tool the request does not declare, or declare one no search finds.
 * USAGE_ERROR naming the tools that differ; `toolsWord` says which tools, e.g. "the functions".
 */
export function checkSameTools(options: {
  selector: Selector;
  names: readonly string[];
  toolsWord: string;
}): void {
  const { selector, toolsWord } = options;
  const names = new Set(options.names);
  const undeclared = selector.tools.map((tool) => tool.id).filter((id) => !names.has(id));
  const unknown = [...names].filter((name) => selector.tool(name) === undefined);
  if (undeclared.length === 0 && unknown.length === 0) return;
  const parts = [
    undeclared.length > 0 ? `the selector has tools not among ${toolsWord}: ${undeclared.join(', ')}` : '',
    unknown.length > 0 ? `${toolsWord} the selector does not have: ${unknown.join(', ')}` : '',
  ].filter((part) => part !== '');
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `${toolsWord} and the selector's tools must be the same (tool name = tool id): ${parts.join('; ')}`,
    { undeclared, unknown },
  );
}

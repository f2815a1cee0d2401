import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { ToolsiftMetadata } from './code-tool-definition.js';

/**
 * Throws UNKNOWN_TOOL when metadata is given for a name that is not one of the tools (a typo would otherwise be
 * dropped silently), listing the names there are. `toolsWord` says which tools, e.g. "the agent's function tools".
 */
export function checkMetadataNames(options: {
  metadata: Readonly<Record<string, ToolsiftMetadata>>;
  toolNames: Iterable<string>;
  toolsWord: string;
}): void {
  const known = new Set(options.toolNames);
  const unknown = Object.keys(options.metadata).filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  const names = [...known].sort();
  throw new ToolsiftError(
    ErrorCode.UnknownTool,
    `metadata names ${unknown.map((name) => `"${name}"`).join(', ')}, which ${unknown.length === 1 ? 'is not one' : 'are not'} of ${options.toolsWord}. Tools: ${listNames(names)}.`,
    { unknown, known: names },
  );
}

// --- internal ---

const LISTED_NAMES = 20;

function listNames(names: readonly string[]): string {
  if (names.length === 0) return '(none)';
  const shown = names.slice(0, LISTED_NAMES).join(', ');
  return names.length > LISTED_NAMES ? `${shown} and ${names.length - LISTED_NAMES} more` : shown;
}

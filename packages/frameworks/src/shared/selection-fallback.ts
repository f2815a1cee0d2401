import { isToolsiftError, type ToolsiftError } from '@toolsift/core';

/**
 * The adapters' answer to a selection that failed during an agent's run: a `ToolsiftError` (an embedder request
 * that failed, an index folder that went away) goes to `onSelectionError` and the caller offers every tool, as the
 * framework would without toolsift, so one failed selection does not end the user's run. Anything else is a bug
 * and is thrown, as is whatever the handler throws.
 */
export function handleSelectionError(
  error: unknown,
  onSelectionError: ((error: ToolsiftError) => void) | undefined,
): void {
  if (!isToolsiftError(error)) throw error;
  onSelectionError?.(error);
}

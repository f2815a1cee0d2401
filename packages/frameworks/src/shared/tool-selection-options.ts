import type { ToolsiftError } from '@toolsift/core';
import { DEFAULT_SESSION, type SessionOptions } from '@toolsift/selector';
import type { ToolsiftMetadata } from './code-tool-definition.js';
import type { CodeSelectorOptions } from './create-code-selector.js';

/** The session options every adapter passes through to `createSession`. */
type SessionPart = Pick<
  SessionOptions,
  'stickyTurns' | 'historyTurns' | 'lastTurnWeight' | 'learn' | 'selection'
>;

/**
 * Options every framework adapter takes: the selector's (embedder, index folder, rules...), the session's,
 * the most tools per request, metadata by tool name, and what to do when a selection fails.
 */
export interface ToolSelectionOptions extends Omit<CodeSelectorOptions, 'tools'>, SessionPart {
  /** Most tools offered per model request, the recently called ones included (default 5). */
  k?: number;
  /** Toolsift metadata beside the tools, by tool name (use cases, not for, prerequisites, conflicts...). */
  metadata?: Readonly<Record<string, ToolsiftMetadata>> | undefined;
  /**
   * Called when selecting for a model request fails with a `ToolsiftError` (e.g. EMBEDDING_REQUEST_FAILED from a
   * remote embedder). The request is then offered every tool, as it would be without toolsift, so the agent's run
   * goes on; throw from this handler to stop the run instead. Any other error is a bug and is thrown.
   */
  onSelectionError?: (error: ToolsiftError) => void;
}

/** The options split by who reads them: the selector, the sessions, or the adapter itself. */
export interface SplitToolSelectionOptions<T extends ToolSelectionOptions> {
  k: number;
  metadata: Readonly<Record<string, ToolsiftMetadata>> | undefined;
  onSelectionError: ((error: ToolsiftError) => void) | undefined;
  /** `k` and the session part, as `createSession` takes them. */
  session: SessionOptions;
  /** The rest: the selector's options, and any the adapter adds of its own. */
  rest: Omit<T, keyof SessionPart | 'k' | 'metadata' | 'onSelectionError'>;
}

/** Split an adapter's options into the selector's, the session's and the adapter's own. */
export function splitToolSelectionOptions<T extends ToolSelectionOptions>(
  options: T,
): SplitToolSelectionOptions<T> {
  const {
    k = DEFAULT_SESSION.k,
    metadata,
    onSelectionError,
    stickyTurns,
    historyTurns,
    lastTurnWeight,
    learn,
    selection,
    ...rest
  } = options;
  return {
    k,
    metadata,
    onSelectionError,
    session: {
      k,
      ...(stickyTurns !== undefined ? { stickyTurns } : {}),
      ...(historyTurns !== undefined ? { historyTurns } : {}),
      ...(lastTurnWeight !== undefined ? { lastTurnWeight } : {}),
      ...(learn !== undefined ? { learn } : {}),
      ...(selection !== undefined ? { selection } : {}),
    },
    rest,
  };
}

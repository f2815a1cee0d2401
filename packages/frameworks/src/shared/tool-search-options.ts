import { ErrorCode, ToolsiftError } from '@toolsift/core';
import {
  DEFAULT_SESSION,
  type SelectOptions,
  type Selector,
  type SessionLearnOptions,
} from '@toolsift/selector';
import type { CodeToolDefinition, ToolsiftMetadata } from './code-tool-definition.js';
import { type CodeSelectorOptions, createCodeSelector } from './create-code-selector.js';
import type { ToolSearchEvent } from './model-search.js';
import { DEFAULT_SEARCH_TOOL_NAME } from './tool-search-query.js';

/**
 * Options of a provider tool search (Anthropic, OpenAI Responses, the Agents SDK): the selector's (embedder,
 * index folder, rules...) when toolsift builds it, or a `selector` of your own, and what each search loads.
 */
export interface ToolSearchOptions extends Omit<CodeSelectorOptions, 'tools'> {
  /** A selector to search instead of building one from the tools (e.g. over a catalog: `createSelector`). */
  selector?: Selector;
  /** Most tools one search loads (default 5). */
  k?: number;
  /** Toolsift metadata beside the tools, by tool name; read only when toolsift builds the selector. */
  metadata?: Readonly<Record<string, ToolsiftMetadata>> | undefined;
  /** Selection options of every search (`env` for prerequisites, `candidates`, `rules`, ...). */
  selection?: SelectOptions;
  /**
   * Learn from calls (off by default): each tool the model calls after a search is learned for the user message
   * it answered (see `learn` in docs/frameworks.md); `flush()` waits for it.
   */
  learn?: boolean | SessionLearnOptions;
  /** The name the model calls the search tool by (default `search_tools`). */
  searchToolName?: string;
  /** Sees every search: the model's query, the tools loaded and the selection. */
  onSearch?: (event: ToolSearchEvent) => void;
  /**
   * Sees a search whose selection failed with a `ToolsiftError`; the model is told the search failed and the
   * loop goes on. Throw from it to stop the loop instead.
   */
  onSelectionError?: (error: ToolsiftError) => void;
}

/** The selector of a tool search and the checked settings every adapter reads. */
export interface ToolSearchSetup {
  selector: Selector;
  k: number;
  searchToolName: string;
}

/**
 * The selector a tool search answers from (the given one, or one built over `definitions` with its persisted
 * index) and the checked options. USAGE_ERROR for a `k` that is not a whole number >= 1, a search tool name a
 * provider rejects, or both a selector and metadata.
 */
export async function toolSearchSetup(
  options: ToolSearchOptions,
  definitions: () => CodeToolDefinition[],
): Promise<ToolSearchSetup> {
  const {
    selector: givenSelector,
    k = DEFAULT_SESSION.k,
    metadata,
    selection: _selection,
    learn: _learn,
    searchToolName = DEFAULT_SEARCH_TOOL_NAME,
    onSearch: _onSearch,
    onSelectionError: _onSelectionError,
    ...selectorOptions
  } = options;
  if (!Number.isInteger(k) || k < 1) {
    throw new ToolsiftError(ErrorCode.UsageError, `k must be a whole number >= 1, got ${String(k)}`, {
      option: 'k',
    });
  }
  if (typeof searchToolName !== 'string' || !SEARCH_TOOL_NAME.test(searchToolName)) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `searchToolName must be 1 to 64 letters, digits, _ or -, got ${JSON.stringify(searchToolName)}`,
      { option: 'searchToolName' },
    );
  }
  if (givenSelector !== undefined && metadata !== undefined) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      'the tool search was given both a selector and metadata: metadata is read only when toolsift builds the selector; give it to the tools of your selector instead.',
    );
  }
  const selector = givenSelector ?? (await createCodeSelector({ ...selectorOptions, tools: definitions() }));
  return { selector, k, searchToolName };
}

// --- internal ---

/** What both providers accept as a tool name (Anthropic's and OpenAI's rules meet here). */
const SEARCH_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

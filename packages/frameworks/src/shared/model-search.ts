import type { ToolsiftError } from '@toolsift/core';
import type { Selection, SelectOptions, Selector } from '@toolsift/selector';
import { handleSelectionError } from './selection-fallback.js';
import { readSearchQuery } from './tool-search-query.js';

/** One search the model made and what toolsift found for it (given to `onSearch`). */
export interface ToolSearchEvent {
  /** The model's query. */
  query: string;
  /** Ids of the tools loaded, best first (at most `k`; unavailable and conflicting tools are left out). */
  toolIds: string[];
  /** The selection they come from (scores, reasons, unavailable tools, warnings, timings). */
  selection: Selection;
}

/** What a search call gets: the tools to load, or an error to tell the model (never thrown). */
export type ModelSearchAnswer =
  | {
      kind: 'found';
      toolIds: string[];
      /** When nothing was found: a sentence for the model saying so (and which tools fit but cannot run). */
      note?: string;
    }
  | { kind: 'error'; message: string };

/** Answers the search calls of a model with the selector. */
export interface ModelSearch {
  /** Answer one call: its raw input (an object, or a JSON text of one), read as `{ query }`. */
  answer(input: unknown): Promise<ModelSearchAnswer>;
}

/**
 * The search every provider adapter answers: the model's query goes to `selector.select` with `k` and the
 * selection options (so prerequisites, conflicts and abstention apply as everywhere else). A bad input (no
 * query, not JSON) and a selection that fails with a `ToolsiftError` (given to `onSelectionError` first) are
 * answered as errors for the model, so the agent's loop goes on; any other error is a bug and is thrown.
 */
export function createModelSearch(options: {
  selector: Selector;
  k: number;
  toolName: string;
  selection?: SelectOptions | undefined;
  onSelectionError?: ((error: ToolsiftError) => void) | undefined;
  onSearch?: ((event: ToolSearchEvent) => void) | undefined;
}): ModelSearch {
  const { selector, k, toolName } = options;
  return {
    async answer(input) {
      const read = readSearchQuery(input, toolName);
      if ('error' in read) return { kind: 'error', message: read.error };
      let selection: Selection;
      try {
        selection = await selector.select(read.query, { ...options.selection, k });
      } catch (error) {
        handleSelectionError(error, options.onSelectionError);
        const { code, message } = error as ToolsiftError;
        return { kind: 'error', message: `${toolName} failed (${code}): ${message}` };
      }
      const toolIds = selection.tools.map((tool) => tool.id);
      options.onSearch?.({ query: read.query, toolIds, selection });
      if (toolIds.length > 0) return { kind: 'found', toolIds };
      return { kind: 'found', toolIds, note: nothingFound(read.query, selection) };
    },
  };
}

// --- internal ---

function nothingFound(query: string, selection: Selection): string {
  const unavailable = selection.unavailable.map((tool) => {
    const missing = (tool.missing ?? []).map((item) => item.name);
    return missing.length > 0 ? `${tool.name} (needs ${missing.join(', ')})` : tool.name;
  });
  const none = `No tool fits "${query}".`;
  return unavailable.length === 0
    ? `${none} Search again with other words, or answer without a tool.`
    : `${none} These would, but cannot run here: ${unavailable.join('; ')}.`;
}

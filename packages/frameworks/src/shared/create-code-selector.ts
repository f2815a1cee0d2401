import type { Tool } from '@toolsift/core';
import { type CachedIndexDir, createSelector, type Selector, type SelectorOptions } from '@toolsift/selector';
import type { CodeToolDefinition } from './code-tool-definition.js';
import { readCodeTools } from './tools-from-code.js';

/** Options of `createCodeSelector`: those of `createSelector`, with tools defined in code as the catalog. */
export interface CodeSelectorOptions extends Omit<SelectorOptions, 'catalog' | 'format' | 'loaders'> {
  /** The tools: code definitions (built with `toolsFromCode`) or toolsift `Tool`s. */
  tools: readonly CodeToolDefinition[] | readonly Tool[];
  /**
   * Index folder; default a folder under the user cache dir keyed by the embedder and the tool ids (`{ name: 'code' }`,
   * see `CachedIndexDir`), so a restart reloads the index instead of embedding every tool again; `false` keeps it in
   * memory. Learned prompts live in this folder: give a fixed folder to keep them when the tool set changes. With
   * `store` (a PostgreSQL URL shared by many processes, e.g. serverless functions) there is no folder.
   */
  indexDir?: string | false | CachedIndexDir;
}

/**
 * A selector over tools defined in code, whose index persists by default. Advisories about the tools (no
 * description, a conflict naming no tool...) are in `selector.index.diagnostics`.
 * @example const selector = await createCodeSelector({ tools: [{ name: 'get_weather', description, inputSchema }] });
 */
export async function createCodeSelector(options: CodeSelectorOptions): Promise<Selector> {
  const { tools: given, ...selectorOptions } = options;
  const { tools, diagnostics } = isToolList(given)
    ? { tools: [...given], diagnostics: [] }
    : readCodeTools(given);
  return createSelector({
    ...selectorOptions,
    catalog: tools,
    diagnostics,
    // In memory anyway on vector or lexical index instances (`createSelector` decides); no default folder beside a
    // shared store (a folder given with one is the USAGE_ERROR of `createSelector`).
    ...(options.store === undefined || options.indexDir !== undefined
      ? { indexDir: options.indexDir ?? CODE_INDEX_DIR }
      : {}),
  });
}

// --- internal ---

/** The default index folder of tools defined in code: `code-<hash>` in the user cache dir (see `CachedIndexDir`). */
const CODE_INDEX_DIR = { name: 'code' } as const;

/** Toolsift tools carry `source` and `parameters`; code definitions carry `inputSchema`. */
function isToolList(tools: readonly CodeToolDefinition[] | readonly Tool[]): tools is readonly Tool[] {
  const first = tools[0] as Partial<Tool> | undefined;
  return first !== undefined && first.source !== undefined && first.parameters !== undefined;
}

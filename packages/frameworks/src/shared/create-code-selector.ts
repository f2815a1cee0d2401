import type { Tool } from '@toolsift/core';
import { createEmbedder, createSelector, type Selector, type SelectorOptions } from '@toolsift/selector';
import { codeIndexDir } from './code-index-dir.js';
import type { CodeToolDefinition } from './code-tool-definition.js';
import { readCodeTools } from './tools-from-code.js';

/** Options of `createCodeSelector`: those of `createSelector`, with tools defined in code as the catalog. */
export interface CodeSelectorOptions extends Omit<SelectorOptions, 'catalog' | 'format' | 'loaders'> {
  /** The tools: code definitions (built with `toolsFromCode`) or toolsift `Tool`s. */
  tools: readonly CodeToolDefinition[] | readonly Tool[];
  /**
   * Index folder; default a folder under the user cache dir keyed by the embedder and the tool names (see
   * `codeIndexDir`), so a restart reloads the index instead of embedding every tool again; `false` keeps it in
   * memory. Learned prompts live in this folder: give a fixed folder to keep them when the tool set changes.
   */
  indexDir?: string | false;
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
  const env = options.env ?? process.env;
  const embedder =
    typeof options.embedder === 'object'
      ? options.embedder
      : await createEmbedder(options.embedder ?? 'use-lite', {
          env,
          ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
          ...(options.onModelProgress !== undefined ? { onProgress: options.onModelProgress } : {}),
        });
  // An index over a component instance lives in memory only: `createSelector` decides that case itself.
  const hasInstance =
    typeof (options.vectorIndex as { search?: unknown })?.search === 'function' ||
    typeof (options.lexical as { search?: unknown })?.search === 'function';
  const indexDir =
    options.indexDir ??
    (hasInstance || tools.length === 0 ? undefined : codeIndexDir({ tools, embedderId: embedder.id, env }));
  const selector = await createSelector({
    ...selectorOptions,
    catalog: tools,
    embedder,
    diagnostics,
    ...(indexDir !== undefined ? { indexDir } : {}),
  });
  return selector;
}

// --- internal ---

/** Toolsift tools carry `source` and `parameters`; code definitions carry `inputSchema`. */
function isToolList(tools: readonly CodeToolDefinition[] | readonly Tool[]): tools is readonly Tool[] {
  const first = tools[0] as Partial<Tool> | undefined;
  return first !== undefined && first.source !== undefined && first.parameters !== undefined;
}

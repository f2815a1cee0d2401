import type { Diagnostic } from '../diagnostics.js';
import type { Tool, ToolFormat } from '../model/tool.js';
import { checkCatalog } from './check-catalog.js';
import { formatLoaders } from './formats/registry.js';
import { inspectValue } from './inspect-structure.js';
import { loadDocument } from './load-document.js';
import { parseDocument, type Syntax } from './parse-document.js';
import type { FormatLoader, ParsedDocument } from './types.js';

/** Options for `loadTools`. */
export interface LoadToolsOptions {
  /** Use this format instead of detecting one. */
  format?: ToolFormat | undefined;
  /** Name used in diagnostics and `source.file`; its extension picks the syntax of text (default `<input>`). */
  file?: string | undefined;
  /** Syntax of text input, when `file` has no telling extension. */
  syntax?: Syntax | undefined;
  /** Format loaders to use instead of the built-in ones. */
  loaders?: readonly FormatLoader[] | undefined;
}

/**
 * Load tools from metadata held in memory: text in any supported syntax, or an already parsed value
 * (e.g. an MCP `tools/list` result). Same checks and diagnostics as `loadCatalog`, without files.
 * @example const { tools } = loadTools({ tools: mcpTools }, { format: 'mcp' });
 */
export function loadTools(
  input: unknown,
  options: LoadToolsOptions = {},
): { tools: Tool[]; diagnostics: Diagnostic[] } {
  const file = options.file ?? '<input>';
  const loaders = options.loaders ?? formatLoaders;
  let document: ParsedDocument;
  const diagnostics: Diagnostic[] = [];
  if (typeof input === 'string') {
    const parsed = parseDocument(input, {
      file,
      ...(options.syntax !== undefined ? { syntax: options.syntax } : {}),
    });
    diagnostics.push(...parsed.diagnostics);
    if (parsed.document === undefined) return { tools: [], diagnostics };
    document = parsed.document;
  } else {
    const problem = inspectValue(input);
    if (problem !== undefined) {
      const { offset: _offset, ...rest } = problem;
      return { tools: [], diagnostics: [{ ...rest, severity: 'error', file }] };
    }
    document = { file, syntax: 'json', data: input, locate: () => undefined };
  }
  const loaded = loadDocument(document, { loaders, format: options.format });
  const checked = checkCatalog(loaded.tools);
  return {
    tools: checked.tools,
    diagnostics: [...diagnostics, ...loaded.diagnostics, ...checked.diagnostics],
  };
}

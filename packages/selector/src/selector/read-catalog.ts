import {
  type Diagnostic,
  ErrorCode,
  loadCatalog,
  type Tool,
  type ToolFormat,
  ToolsiftError,
} from '@toolsift/core';

/**
 * The tools of a selector's catalog: loaded from paths with `loadCatalog` (diagnostics kept), or taken as
 * given. Throws EMPTY_CATALOG when no valid tool remains.
 */
export async function readCatalog(options: {
  catalog: string | readonly string[] | readonly Tool[];
  cwd: string;
  format: ToolFormat | undefined;
}): Promise<{ tools: Tool[]; diagnostics: Diagnostic[]; paths: string[] | undefined }> {
  const { catalog } = options;
  let result: { tools: Tool[]; diagnostics: Diagnostic[]; paths: string[] | undefined };
  if (typeof catalog === 'string' || (catalog.length > 0 && typeof catalog[0] === 'string')) {
    const paths = typeof catalog === 'string' ? [catalog] : (catalog as readonly string[]).slice();
    const loaded = await loadCatalog(paths, { cwd: options.cwd, format: options.format });
    result = { tools: loaded.tools, diagnostics: loaded.diagnostics, paths };
  } else {
    result = { tools: (catalog as readonly Tool[]).slice(), diagnostics: [], paths: undefined };
  }
  if (result.tools.length === 0) {
    const where = result.paths === undefined ? '(tools given in code)' : result.paths.join(', ');
    throw new ToolsiftError(ErrorCode.EmptyCatalog, `the catalog ${where} holds no valid tool`, {
      diagnostics: result.diagnostics,
    });
  }
  return result;
}

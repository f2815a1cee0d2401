import {
  type CatalogMemo,
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
  /** Results of earlier loads of the catalog's files (see `openCatalogMemo`). */
  memo?: CatalogMemo | undefined;
}): Promise<{ tools: Tool[]; diagnostics: Diagnostic[]; paths: string[] | undefined }> {
  const { catalog } = options;
  const paths = catalogPaths(catalog);
  let result: { tools: Tool[]; diagnostics: Diagnostic[]; paths: string[] | undefined };
  if (paths !== undefined) {
    const loaded = await loadCatalog(paths, { cwd: options.cwd, format: options.format, memo: options.memo });
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

/** The paths of a catalog given as paths; undefined for tools given in code. */
export function catalogPaths(catalog: string | readonly string[] | readonly Tool[]): string[] | undefined {
  if (typeof catalog === 'string') return [catalog];
  if (catalog.length > 0 && typeof catalog[0] === 'string') return (catalog as readonly string[]).slice();
  return undefined;
}

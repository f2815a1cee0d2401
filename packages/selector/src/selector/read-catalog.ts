import {
  type CatalogMemo,
  type Diagnostic,
  ErrorCode,
  type FormatLoader,
  loadCatalog,
  SUPPORTED_EXTENSIONS,
  type Tool,
  type ToolFormat,
  ToolsiftError,
} from '@toolsift/core';
import { type IndexWarning, IndexWarningCode } from '../index-store/index-warning.js';

/**
 * The tools of a selector's catalog: loaded from paths with `loadCatalog` (diagnostics kept), or taken as
 * given. Throws EMPTY_CATALOG when no valid tool remains.
 */
export async function readCatalog(options: {
  catalog: string | readonly string[] | readonly Tool[];
  cwd: string;
  format: ToolFormat | undefined;
  /** Format loaders to use instead of the built-in ones. */
  loaders?: readonly FormatLoader[] | undefined;
  /** Results of earlier loads of the catalog's files (see `openCatalogMemo`). */
  memo?: CatalogMemo | undefined;
  /** Overlay paths and the shipped-overlays switch (see `loadCatalog`). */
  overlays?: readonly string[] | undefined;
  shippedOverlays?: boolean | undefined;
}): Promise<{ tools: Tool[]; diagnostics: Diagnostic[]; paths: string[] | undefined }> {
  const { catalog } = options;
  const paths = catalogPaths(catalog);
  if (paths === undefined) {
    const tools = (catalog as readonly Tool[]).slice();
    if (tools.length === 0) throw emptyCatalog('(tools given in code)', { diagnostics: [] });
    return { tools, diagnostics: [], paths: undefined };
  }
  const loaded = await loadCatalog(paths, {
    cwd: options.cwd,
    format: options.format,
    loaders: options.loaders,
    memo: options.memo,
    overlays: options.overlays,
    shippedOverlays: options.shippedOverlays,
  });
  if (loaded.tools.length === 0) throw emptyCatalog(paths.join(', '), loaded);
  return { tools: loaded.tools, diagnostics: loaded.diagnostics, paths };
}

/** The paths of a catalog given as paths; undefined for tools given in code. */
export function catalogPaths(catalog: string | readonly string[] | readonly Tool[]): string[] | undefined {
  if (typeof catalog === 'string') return [catalog];
  if (catalog.length > 0 && typeof catalog[0] === 'string') return (catalog as readonly string[]).slice();
  return undefined;
}

/**
 * The `CATALOG_ERRORS` warning when loading the catalog met errors (whose entries were left out), else none: the
 * diagnostics themselves stay in `SelectorIndexInfo.diagnostics`.
 */
export function catalogErrorWarnings(diagnostics: readonly Diagnostic[]): IndexWarning[] {
  const count = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  if (count === 0) return [];
  return [
    {
      code: IndexWarningCode.CatalogErrors,
      message: `${count} catalog error(s): what each names was left out`,
      count,
    },
  ];
}

// --- internal ---

/**
 * EMPTY_CATALOG, saying why from what loading found: the first error (or warning) and how many more, or that no
 * metadata file was found.
 */
function emptyCatalog(where: string, loaded: { diagnostics: Diagnostic[]; files?: number }): ToolsiftError {
  const { diagnostics } = loaded;
  const first =
    diagnostics.find((diagnostic) => diagnostic.severity === 'error') ??
    diagnostics.find((diagnostic) => diagnostic.severity === 'warning');
  const more = diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').length - 1;
  const why =
    first !== undefined
      ? `: ${first.file}${first.line === undefined ? '' : `:${first.line}`} ${first.code} ${first.message}` +
        (more > 0
          ? ` (and ${more} more finding${more === 1 ? '' : 's'}; \`toolsift validate\` lists them)`
          : '')
      : loaded.files === 0
        ? `: no metadata file in it (${SUPPORTED_EXTENSIONS.join(', ')})`
        : '';
  return new ToolsiftError(ErrorCode.EmptyCatalog, `the catalog ${where} holds no valid tool${why}`, {
    diagnostics,
  });
}

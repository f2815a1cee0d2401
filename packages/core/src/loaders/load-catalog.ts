import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode, ToolsiftError } from '../errors.js';
import type { Tool, ToolFormat } from '../model/tool.js';
import type { CatalogMemo } from './catalog-memo.js';
import { checkCatalog } from './check-catalog.js';
import { formatLoaders } from './formats/registry.js';
import { loadFile } from './load-file.js';
import { applyOverlays } from './overlays/apply-overlays.js';
import { loadOverlays } from './overlays/load-overlays.js';
import { shippedOverlays } from './overlays/shipped-overlays.js';
import type { ToolOverlay } from './overlays/tool-overlay.js';
import type { FormatLoader } from './types.js';
import { walkPaths } from './walk-paths.js';

/** Options for `loadCatalog`. */
export interface LoadCatalogOptions {
  /** Read every file as this format instead of detecting it. */
  format?: ToolFormat | undefined;
  /** Throw a ToolsiftError carrying all diagnostics when any error or warning exists. */
  strict?: boolean | undefined;
  /** Refuse files larger than this many bytes (default 10 MB). */
  maxFileBytes?: number | undefined;
  /** Directory relative paths are resolved against (default `process.cwd()`); diagnostics keep them as given. */
  cwd?: string | undefined;
  /** Format loaders to use instead of the built-in ones. */
  loaders?: readonly FormatLoader[] | undefined;
  /**
   * Results of earlier loads, by file content: unchanged files are not parsed and validated again. Used only
   * with the built-in loaders (the memo's keys know their code, not that of loaders passed in).
   */
  memo?: CatalogMemo | undefined;
  /**
   * Overlay files or folders to apply besides the overlays found among `paths` (files with `toolsift_overlay: 1`):
   * toolsift metadata for tools written elsewhere. A file given here that is not an overlay is an error.
   */
  overlays?: readonly string[] | undefined;
  /** Apply the overlays toolsift ships for well-known MCP servers to tools of those servers (default true). */
  shippedOverlays?: boolean | undefined;
}

/** Every valid tool of a catalog, every finding, and how many files were read or passed over. */
export interface LoadCatalogResult {
  tools: Tool[];
  diagnostics: Diagnostic[];
  /** Files read (successfully or not). */
  files: number;
  /** Files and folders skipped quietly as plainly not metadata. */
  skipped: number;
}

/**
 * Load tool metadata from files and folders (walked recursively, in sorted order). A bad file yields
 * diagnostics and never stops the others; ids are de-duplicated and relations checked across files.
 * @example const { tools, diagnostics } = await loadCatalog(['metadata/']);
 */
export async function loadCatalog(
  paths: readonly string[],
  options: LoadCatalogOptions = {},
): Promise<LoadCatalogResult> {
  const loaders = options.loaders ?? formatLoaders;
  const memo = loaders === formatLoaders ? options.memo : undefined;
  const cwd = options.cwd !== undefined ? { cwd: options.cwd } : {};
  const walk = await walkPaths(paths, cwd);
  const diagnostics: Diagnostic[] = [...walk.diagnostics];
  const loadedTools: Tool[] = [];
  const overlays: ToolOverlay[] = [];
  let files = 0;
  let skipped = walk.skipped;
  for (const entry of walk.entries) {
    const loaded = await loadFile(entry.path, {
      loaders,
      file: entry.file,
      format: options.format,
      maxFileBytes: options.maxFileBytes,
      isExplicit: entry.isExplicit,
      memo,
    });
    if (loaded.isSkipped) {
      skipped += 1;
      continue;
    }
    files += 1;
    loadedTools.push(...loaded.tools);
    diagnostics.push(...loaded.diagnostics);
    if (loaded.overlay !== undefined) overlays.push(loaded.overlay);
  }
  const named = await loadOverlays(options.overlays ?? [], {
    ...cwd,
    maxFileBytes: options.maxFileBytes,
  });
  diagnostics.push(...named.diagnostics);
  // Shipped overlays name their servers: only those of the catalog's servers are read (none for most catalogs).
  const servers = new Set(
    loadedTools.flatMap((tool) =>
      tool.server === undefined
        ? []
        : [tool.server.name, ...tool.server.aliases].map((name) => name.toLowerCase()),
    ),
  );
  const shipped =
    options.shippedOverlays === false || servers.size === 0
      ? []
      : (await shippedOverlays({ servers })).overlays;
  const overlaid = applyOverlays(loadedTools, [...shipped, ...overlays, ...named.overlays]);
  diagnostics.push(...overlaid.diagnostics);
  const checked = checkCatalog(overlaid.tools);
  diagnostics.push(...checked.diagnostics);
  const result: LoadCatalogResult = { tools: checked.tools, diagnostics, files, skipped };
  if (options.strict === true && diagnostics.some((diagnostic) => diagnostic.severity !== 'info')) {
    throw strictError(result);
  }
  return result;
}

// --- internal ---

function strictError(result: LoadCatalogResult): ToolsiftError {
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
  const first = errors[0] ?? warnings[0];
  const firstText = first === undefined ? '' : ` First: ${first.file}: ${first.code} ${first.message}`;
  return new ToolsiftError(
    ErrorCode.MetadataInvalid,
    `Catalog has ${plural(errors.length, 'error')} and ${plural(warnings.length, 'warning')} (strict mode).${firstText}`,
    { diagnostics: result.diagnostics, files: result.files, tools: result.tools.length },
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

import type { Diagnostic } from '../../diagnostics.js';
import { ErrorCode } from '../../errors.js';
import { formatLoaders } from '../formats/registry.js';
import { loadFile } from '../load-file.js';
import { walkPaths } from '../walk-paths.js';
import type { ToolOverlay } from './tool-overlay.js';

/**
 * Read overlay files and folders (see `readOverlay`): every overlay found, and every problem as a diagnostic (a file
 * there that holds tools instead of an overlay is an error). Never throws for bad content.
 * @example const { overlays } = await loadOverlays(['overlays/'], { cwd });
 */
export async function loadOverlays(
  paths: readonly string[],
  options: { cwd?: string; maxFileBytes?: number | undefined },
): Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> {
  const overlays: ToolOverlay[] = [];
  if (paths.length === 0) return { overlays, diagnostics: [] };
  const walk = await walkPaths(paths, options.cwd !== undefined ? { cwd: options.cwd } : {});
  const diagnostics: Diagnostic[] = [...walk.diagnostics];
  for (const entry of walk.entries) {
    const loaded = await loadFile(entry.path, {
      loaders: formatLoaders,
      file: entry.file,
      maxFileBytes: options.maxFileBytes,
      isExplicit: entry.isExplicit,
    });
    if (loaded.isSkipped) continue;
    diagnostics.push(...loaded.diagnostics);
    if (loaded.overlay !== undefined) overlays.push(loaded.overlay);
    else if (loaded.tools.length > 0 || entry.isExplicit) {
      diagnostics.push({
        code: ErrorCode.MetadataInvalid,
        severity: 'error',
        file: entry.file,
        pointer: '',
        message: `Expected an overlay (a file with "toolsift_overlay: 1" and "tools"), found ${loaded.tools.length > 0 ? 'tool metadata' : 'no overlay'}: pass tool files as the catalog, not as an overlay.`,
      });
    }
  }
  return { overlays, diagnostics };
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../diagnostics.js';
import { parseDocument } from '../parse-document.js';
import { readOverlay } from './read-overlay.js';
import type { ToolOverlay } from './tool-overlay.js';

/** The folder of the overlays toolsift ships: `packages/core/overlays`, three levels above this file in `src/` and `dist/`. */
export const SHIPPED_OVERLAYS_DIR = fileURLToPath(new URL('../../../overlays/', import.meta.url));

/**
 * The overlays toolsift ships for the MCP servers people install first (the reference servers, GitHub's), named
 * `shipped:<file name>`. Read once per process. Each names its server, so it applies only to tools that carry a
 * matching `server`. A problem in a shipped file is a bug of ours: it is returned, never thrown.
 */
export function shippedOverlays(): Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> {
  loading ??= readShipped();
  return loading;
}

// --- internal ---

let loading: Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> | undefined;

async function readShipped(): Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> {
  const names = (await readdir(SHIPPED_OVERLAYS_DIR).catch(() => [] as string[]))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  const overlays: ToolOverlay[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const file = `shipped:${name.replace(/\.ya?ml$/, '')}`;
    const text = await readFile(path.join(SHIPPED_OVERLAYS_DIR, name), 'utf8');
    const parsed = parseDocument(text, { file, syntax: 'yaml' });
    diagnostics.push(...parsed.diagnostics);
    if (parsed.document === undefined) continue;
    const overlay = readOverlay(
      parsed.document,
      {
        report: (diagnostic) => diagnostics.push({ ...diagnostic, file }),
      },
      { isShipped: true },
    );
    if (overlay !== undefined) overlays.push(overlay);
  }
  return { overlays, diagnostics };
}

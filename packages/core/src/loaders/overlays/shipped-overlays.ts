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
 * The overlays toolsift ships for the MCP servers people install first (the reference servers, GitHub's, servers of
 * Docker's registry), named `shipped:<file name>`. Each names its server, so it applies only to tools that carry a
 * matching `server`. With `servers` (names of the catalog's servers), only the files naming one of them are parsed
 * whole: a file's `server` block, above its `tools`, says which (all 20 files cost ~300 ms to parse). Files are read
 * once per process. A problem in a shipped file is a bug of ours: it is returned, never thrown.
 */
export async function shippedOverlays(
  options: { servers?: ReadonlySet<string> } = {},
): Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> {
  files ??= listShipped();
  const overlays: ToolOverlay[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const shipped of await files) {
    const { servers } = options;
    if (servers !== undefined && !shipped.servers.some((name) => servers.has(name))) continue;
    shipped.parsed ??= parseShipped(shipped);
    const parsed = await shipped.parsed;
    diagnostics.push(...parsed.diagnostics);
    if (parsed.overlay !== undefined) overlays.push(parsed.overlay);
  }
  return { overlays, diagnostics };
}

// --- internal ---

interface ShippedFile {
  name: string;
  text: string;
  /** The server names of its header, lower-cased. */
  servers: string[];
  parsed?: Promise<{ overlay?: ToolOverlay; diagnostics: Diagnostic[] }>;
}

let files: Promise<ShippedFile[]> | undefined;

async function listShipped(): Promise<ShippedFile[]> {
  const names = (await readdir(SHIPPED_OVERLAYS_DIR).catch(() => [] as string[]))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(SHIPPED_OVERLAYS_DIR, name), 'utf8');
      return { name, text, servers: headerServers(text) };
    }),
  );
}

/** The names in a shipped file's `server` block: the YAML above its `tools:` line, parsed alone. */
function headerServers(text: string): string[] {
  const end = text.search(/^tools:/m);
  const header = parseDocument(end === -1 ? text : text.slice(0, end), { file: 'header', syntax: 'yaml' });
  const server = (header.document?.data as { server?: unknown } | undefined)?.server;
  const names = typeof server === 'string' ? [server] : (server as { names?: unknown } | undefined)?.names;
  return Array.isArray(names)
    ? names.filter((item) => typeof item === 'string').map((item) => item.toLowerCase())
    : [];
}

async function parseShipped(
  shipped: ShippedFile,
): Promise<{ overlay?: ToolOverlay; diagnostics: Diagnostic[] }> {
  const file = `shipped:${shipped.name.replace(/\.ya?ml$/, '')}`;
  const parsed = parseDocument(shipped.text, { file, syntax: 'yaml' });
  const diagnostics = [...parsed.diagnostics];
  if (parsed.document === undefined) return { diagnostics };
  const overlay = readOverlay(
    parsed.document,
    { report: (diagnostic) => diagnostics.push({ ...diagnostic, file }) },
    { isShipped: true },
  );
  return overlay === undefined ? { diagnostics } : { overlay, diagnostics };
}

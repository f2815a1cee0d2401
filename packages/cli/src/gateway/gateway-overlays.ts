import path from 'node:path';
import {
  createJsonLocator,
  type Diagnostic,
  ErrorCode,
  escapePointerToken,
  isRecord,
  loadOverlays,
  OVERLAY_MARKER,
  readOverlay,
  shippedOverlays,
  type ToolOverlay,
} from '@toolsift/core';

/**
 * The overlays the gateway applies to its upstream tools, in order: the shipped ones (unless `isShippedOn` is
 * false), the files of `paths` (from `--overlay`), the files the config names under `toolsift.overlays` (relative to
 * the config file), and each server entry's own `toolsift.tools`, matched to that server by its config key:
 *
 * ```json
 * { "toolsift": { "overlays": ["./overlays/"] },
 *   "mcpServers": { "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"],
 *     "toolsift": { "tools": { "search_nodes": { "examples": ["what do you know about Ada?"] } } } } } }
 * ```
 * Problems (a wrong type, an unknown key, a missing file) come back as diagnostics: the gateway logs them and serves.
 */
export async function readGatewayOverlays(options: {
  configFile: string;
  configText: string;
  paths: readonly string[];
  isShippedOn: boolean;
  cwd: string;
}): Promise<{ overlays: ToolOverlay[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const shipped = options.isShippedOn ? (await shippedOverlays()).overlays : [];
  const data = parseQuietly(options.configText);
  const configPaths = configOverlayPaths(data, options.configFile, diagnostics).map((file) =>
    path.resolve(path.dirname(options.configFile), file),
  );
  const files = await loadOverlays([...options.paths, ...configPaths], { cwd: options.cwd });
  diagnostics.push(...files.diagnostics);
  const inline = inlineOverlays(data, options.configFile, options.configText, diagnostics);
  return { overlays: [...shipped, ...files.overlays, ...inline], diagnostics };
}

// --- internal ---

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // readGatewayConfig has reported it
  }
}

/** `toolsift.overlays`: a path or a list of paths; anything else is CONFIG_INVALID (and left out). */
function configOverlayPaths(data: unknown, file: string, diagnostics: Diagnostic[]): string[] {
  if (!isRecord(data) || data.toolsift === undefined) return [];
  const paths = isRecord(data.toolsift) ? data.toolsift.overlays : undefined;
  if (paths === undefined && isRecord(data.toolsift)) return [];
  if (typeof paths === 'string') return [paths];
  if (Array.isArray(paths) && paths.every((entry) => typeof entry === 'string')) return paths;
  diagnostics.push({
    code: ErrorCode.ConfigInvalid,
    severity: 'error',
    file,
    pointer: isRecord(data.toolsift) ? '/toolsift/overlays' : '/toolsift',
    message:
      'Expected "toolsift": {"overlays": [paths of overlay files or folders, relative to this file]}; the overlays it names are not applied.',
  });
  return [];
}

function inlineOverlays(data: unknown, file: string, text: string, diagnostics: Diagnostic[]): ToolOverlay[] {
  if (!isRecord(data)) return [];
  const key = isRecord(data.mcpServers) ? 'mcpServers' : 'servers';
  const servers = data[key];
  if (!isRecord(servers)) return [];
  const locate = createJsonLocator(text);
  const overlays: ToolOverlay[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (!isRecord(entry) || entry.toolsift === undefined) continue;
    const base = `/${key}/${escapePointerToken(name)}/toolsift`;
    const own = isRecord(entry.toolsift) ? entry.toolsift : {};
    const overlay = readOverlay(
      {
        file,
        syntax: 'json',
        data: { [OVERLAY_MARKER]: 1, server: { names: [name] }, tools: own.tools },
        // The entry's pointers are those of `toolsift` inside the server's entry.
        locate: (pointer) => locate(`${base}${pointer}`),
      },
      { report: (diagnostic) => diagnostics.push({ ...diagnostic, file }) },
    );
    if (overlay !== undefined) overlays.push(overlay);
  }
  return overlays;
}

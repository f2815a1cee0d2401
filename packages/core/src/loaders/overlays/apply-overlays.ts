import type { Diagnostic } from '../../diagnostics.js';
import { ErrorCode } from '../../errors.js';
import type { AppliedOverlay, OverlayField, Tool } from '../../model/tool.js';
import { descriptionHash } from './description-hash.js';
import type { OverlayEntry, ToolOverlay } from './tool-overlay.js';

/**
 * Add what overlays say to the tools they match, in order (shipped overlays first, then the user's, so the user's
 * entries come last and their scalars win). An entry matches a tool by its name (or id) and, when the overlay names a
 * server, by any of the server's names. Lists are appended (exact repeats dropped), scalars set, annotations merged;
 * every applied entry is recorded in the tool's `overlays` with the fields it set. An entry of a user's overlay that
 * matches no tool is an OVERLAY_UNMATCHED warning; one written for another description is an OVERLAY_STALE note
 * (it still applies).
 */
export function applyOverlays(
  tools: readonly Tool[],
  overlays: readonly ToolOverlay[],
): { tools: Tool[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (overlays.length === 0) return { tools: [...tools], diagnostics };
  const result = [...tools];
  const byName = new Map<string, number[]>();
  result.forEach((tool, index) => {
    for (const key of new Set([tool.name, tool.id])) {
      const list = byName.get(key) ?? [];
      list.push(index);
      byName.set(key, list);
    }
  });
  for (const overlay of overlays) {
    const serverNames = overlay.server?.names.map((name) => name.toLowerCase());
    describeServer(result, overlay, serverNames);
    for (const entry of overlay.entries) {
      const matches = (byName.get(entry.tool) ?? []).filter(
        (index) => serverNames === undefined || isOfServer(result[index]!, serverNames),
      );
      if (matches.length === 0) {
        if (!overlay.isShipped) diagnostics.push(unmatched(overlay, entry));
        continue;
      }
      for (const index of matches) {
        const applied = applyEntry(result[index]!, overlay, entry);
        result[index] = applied.tool;
        if (applied.isStale && !overlay.isShipped) diagnostics.push(stale(overlay, entry, applied.tool));
      }
    }
  }
  return { tools: result, diagnostics };
}

// --- internal ---

const LIST_FIELDS = [
  ...(['keywords', 'capabilities', 'tags', 'useCases', 'examples'] as const),
  ...(['conflicts', 'alternatives', 'complements', 'prerequisites'] as const),
];
const SCALAR_FIELDS = ['title', 'category', 'risk', 'requiresApproval'] as const;

/** An overlay's server description, for every tool of a matching server that has none (listed by the overlay or not). */
function describeServer(
  tools: Tool[],
  overlay: ToolOverlay,
  serverNames: readonly string[] | undefined,
): void {
  const description = overlay.server?.description;
  if (description === undefined || serverNames === undefined) return;
  tools.forEach((tool, index) => {
    if (tool.server === undefined || tool.server.description !== undefined || !isOfServer(tool, serverNames))
      return;
    tools[index] = { ...tool, server: { ...tool.server, description } };
  });
}

function isOfServer(tool: Tool, names: readonly string[]): boolean {
  if (tool.server === undefined) return false;
  return [tool.server.name, ...tool.server.aliases].some((name) => names.includes(name.toLowerCase()));
}

function applyEntry(tool: Tool, overlay: ToolOverlay, entry: OverlayEntry): { tool: Tool; isStale: boolean } {
  const fields: OverlayField[] = [];
  const next: Tool = { ...tool };
  const { values } = entry;
  for (const field of LIST_FIELDS) {
    const added = values[field];
    if (added === undefined) continue;
    const merged = appendNew(next[field] as readonly unknown[], added as readonly unknown[]);
    if (merged.length === next[field].length) continue;
    (next as Record<string, unknown>)[field] = merged;
    fields.push(field);
  }
  for (const field of SCALAR_FIELDS) {
    if (values[field] === undefined) continue;
    (next as Record<string, unknown>)[field] = values[field];
    fields.push(field);
  }
  if (values.annotations !== undefined) {
    next.annotations = { ...tool.annotations, ...values.annotations };
    fields.push('annotations');
  }
  if (overlay.server?.description !== undefined && next.server?.description === overlay.server.description) {
    fields.push('server');
  }
  const isStale =
    entry.writtenFor !== undefined && !entry.writtenFor.includes(descriptionHash(tool.description));
  const applied: AppliedOverlay = {
    file: overlay.file,
    pointer: entry.pointer,
    fields,
    ...(isStale ? { isStale } : {}),
  };
  next.overlays = [...(tool.overlays ?? []), applied];
  return { tool: next, isStale };
}

function appendNew(existing: readonly unknown[], added: readonly unknown[]): unknown[] {
  const seen = new Set(existing.map((item) => JSON.stringify(item)));
  const merged = [...existing];
  for (const item of added) {
    const key = JSON.stringify(item);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(item);
  }
  return merged;
}

function unmatched(overlay: ToolOverlay, entry: OverlayEntry): Diagnostic {
  const where =
    overlay.server === undefined
      ? ''
      : ` of server ${overlay.server.names.map((name) => `"${name}"`).join(' / ')}`;
  return {
    code: ErrorCode.OverlayUnmatched,
    severity: 'warning',
    file: overlay.file,
    pointer: entry.pointer,
    ...(entry.line !== undefined ? { line: entry.line } : {}),
    ...(entry.column !== undefined ? { column: entry.column } : {}),
    message: `Overlay entry "${entry.tool}" matches no tool${where} in the catalog: check the tool name${overlay.server === undefined ? '' : ' and the server names'}.`,
  };
}

function stale(overlay: ToolOverlay, entry: OverlayEntry, tool: Tool): Diagnostic {
  return {
    code: ErrorCode.OverlayStale,
    severity: 'info',
    file: overlay.file,
    pointer: `${entry.pointer}/description_hash`,
    ...(entry.line !== undefined ? { line: entry.line } : {}),
    ...(entry.column !== undefined ? { column: entry.column } : {}),
    message: `Overlay entry "${entry.tool}" was written for another description of tool "${tool.id}" (now ${descriptionHash(tool.description)}): it still applies, but may be stale.`,
  };
}

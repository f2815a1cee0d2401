import { type Diagnostic, descriptionHash, ErrorCode, type Tool, type ToolOverlay } from '@toolsift/core';
import { DoctorCode, type DoctorFinding, type OverlayPlace } from './doctor-finding.js';

/**
 * OVERLAY_UNMATCHED and OVERLAY_STALE findings, from the diagnostics loading a catalog gave (`applyOverlays`' own),
 * and, for tools given with the overlays already applied to them (the gateway's), from `overlays` themselves: an
 * entry of a user's overlay that no tool records is unmatched, a recorded one marked stale is stale. Shipped
 * overlays give neither, as when a catalog is loaded.
 */
export function overlayFindings(options: {
  tools: readonly Tool[];
  diagnostics: readonly Diagnostic[];
  overlays?: readonly ToolOverlay[] | undefined;
}): DoctorFinding[] {
  const { tools } = options;
  const findings: DoctorFinding[] = [];
  for (const diagnostic of options.diagnostics) {
    const place: OverlayPlace = {
      file: diagnostic.file,
      ...(diagnostic.pointer !== undefined ? { pointer: diagnostic.pointer } : {}),
      ...(diagnostic.line !== undefined ? { line: diagnostic.line } : {}),
    };
    if (diagnostic.code === ErrorCode.OverlayUnmatched) findings.push(unmatched(place, diagnostic.message));
    if (diagnostic.code === ErrorCode.OverlayStale) {
      // The diagnostic points at the entry's description_hash; the tool records the entry it applied.
      const entryPointer = diagnostic.pointer?.replace(/\/description_hash$/, '');
      const staleTools = tools.filter((tool) =>
        (tool.overlays ?? []).some(
          (applied) => applied.file === diagnostic.file && applied.pointer === entryPointer,
        ),
      );
      findings.push(stale(place, staleTools, diagnostic.message));
    }
  }
  const userOverlays = (options.overlays ?? []).filter((overlay) => !overlay.isShipped);
  if (userOverlays.length === 0) return findings;
  const applied = new Map<string, Tool[]>();
  for (const tool of tools) {
    for (const record of tool.overlays ?? []) {
      const key = `${record.file}#${record.pointer}`;
      applied.set(key, [...(applied.get(key) ?? []), tool]);
    }
  }
  for (const overlay of userOverlays) {
    for (const entry of overlay.entries) {
      const place: OverlayPlace = {
        file: overlay.file,
        pointer: entry.pointer,
        ...(entry.line !== undefined ? { line: entry.line } : {}),
      };
      const matched = applied.get(`${overlay.file}#${entry.pointer}`);
      if (matched === undefined) {
        const where = overlay.server === undefined ? '' : ` of server ${overlay.server.names.join(' / ')}`;
        findings.push(unmatched(place, `Overlay entry "${entry.tool}" matches no tool${where}.`));
        continue;
      }
      const staleTools = matched.filter(
        (tool) =>
          entry.writtenFor !== undefined && !entry.writtenFor.includes(descriptionHash(tool.description)),
      );
      if (staleTools.length > 0) {
        const hashes = staleTools.map((tool) => descriptionHash(tool.description)).join(', ');
        findings.push(
          stale(
            place,
            staleTools,
            `Overlay entry "${entry.tool}" was written for another description (now ${hashes}): it still applies, but may be stale.`,
          ),
        );
      }
    }
  }
  return findings;
}

// --- internal ---

function at(place: OverlayPlace): string {
  return `${place.file}${place.line === undefined ? '' : `:${place.line}`}${place.pointer === undefined ? '' : ` (${place.pointer})`}`;
}

function unmatched(place: OverlayPlace, message: string): DoctorFinding {
  return {
    code: DoctorCode.OverlayUnmatched,
    kind: 'overlay',
    severity: 'warning',
    tools: [],
    message: 'an overlay entry matches no tool: what it adds reaches nothing',
    evidence: [`${at(place)}: ${message}`],
    fix: "Check the entry's tool name against the server's tool list (`toolsift inspect`), and the overlay's server names; drop the entry if the tool is gone.",
    details: place,
  };
}

function stale(place: OverlayPlace, tools: readonly Tool[], message: string): DoctorFinding {
  return {
    code: DoctorCode.OverlayStale,
    kind: 'overlay',
    severity: 'info',
    tools: tools.map((tool) => tool.id),
    message:
      'an overlay entry was written for another description of its tool: check it still says what the tool does',
    evidence: [`${at(place)}: ${message}`],
    fix: "Read the tool's description now, fix the entry's use cases and examples if its job changed, then set description_hash to the hash `toolsift inspect` shows.",
    details: place,
  };
}

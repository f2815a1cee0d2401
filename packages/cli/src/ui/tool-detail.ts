import { type Diagnostic, fieldOrigins, type Tool } from '@toolsift/core';
import type {
  DoctorFinding,
  DoctorReport,
  LearnedEntry,
  Selector,
  ToolActionInfo,
  ToolView,
} from '@toolsift/selector';
import { diagnosticsOf } from './catalog-rows.js';

/** Where one field of a tool came from: its own file, or an overlay (which may be stale). */
export type FieldOrigin =
  | { kind: 'file'; file: string; pointer: string; line?: number }
  | { kind: 'overlay'; file: string; pointer: string; isStale: boolean };

/** A tool as the tool panel shows it. */
export interface ToolDetail {
  tool: Tool;
  /** Each field that has a value, in the tool's order, with where it came from. */
  fields: Array<{ field: string; value: unknown; origin: FieldOrigin }>;
  /** The texts it is indexed under (catalog views, then learned prompts). */
  views: readonly ToolView[];
  /** Its learned prompts, oldest first, each with its source (`labelled` or `call`). */
  learned: LearnedEntry[];
  diagnostics: Diagnostic[];
  /** The doctor's findings that name it (when the doctor has run). */
  findings: DoctorFinding[];
  action: ToolActionInfo | undefined;
}

/** The detail of tool `id`; undefined when the selector has no such tool. */
export function toolDetail(options: {
  selector: Selector;
  id: string;
  doctor: DoctorReport | undefined;
}): ToolDetail | undefined {
  const { selector, id } = options;
  const tool = selector.tool(id);
  if (tool === undefined) return undefined;
  const overlays = fieldOrigins(tool);
  const fileOrigin: FieldOrigin = {
    kind: 'file',
    file: tool.source.file,
    pointer: tool.source.pointer,
    ...(tool.source.line !== undefined ? { line: tool.source.line } : {}),
  };
  const fields = Object.entries(tool)
    .filter(([field, value]) => !HIDDEN_FIELDS.has(field) && hasValue(value))
    .map(([field, value]) => {
      const overlay = overlays[field];
      const origin: FieldOrigin =
        overlay === undefined
          ? fileOrigin
          : { kind: 'overlay', file: overlay.overlay, pointer: overlay.pointer, isStale: overlay.isStale };
      return { field, value, origin };
    });
  const ofFile = selector.index.diagnostics.filter((diagnostic) => diagnostic.file === tool.source.file);
  return {
    tool,
    fields,
    views: selector.views(id),
    learned: selector.learned().filter((entry) => entry.tool === id),
    diagnostics: diagnosticsOf(tool, new Map([[tool.source.file, ofFile]])),
    findings: (options.doctor?.findings ?? []).filter((finding) => finding.tools.includes(id)),
    action: selector.actionOf(id),
  };
}

// --- internal ---

/** Shown apart: the source is every field's origin, the overlays are in the origins. */
const HIDDEN_FIELDS = new Set(['source', 'overlays']);

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

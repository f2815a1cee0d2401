import type { OverlayField, Tool } from '../../model/tool.js';

/** The top-level key that marks a file as a toolsift overlay; its value is the overlay format version. */
export const OVERLAY_MARKER = 'toolsift_overlay';

/** Overlay format versions this code reads. */
export const OVERLAY_VERSIONS: readonly number[] = Object.freeze([1]);

/** Metadata an overlay adds to one tool: the Tool fields it may set, already normalised. */
export type OverlayValues = Partial<Pick<Tool, OverlayField>>;

/** One tool's entry of an overlay. */
export interface OverlayEntry {
  /** The tool it is for: its name as its server lists it (or its id, for catalog files). */
  tool: string;
  /** JSON pointer of the entry in the overlay file. */
  pointer: string;
  /** Line and column of the entry's value in the file, where the syntax can say. */
  line?: number;
  column?: number;
  /** Hashes of the descriptions the entry was written for (`descriptionHash`; several when server versions differ). */
  writtenFor?: string[];
  values: OverlayValues;
}

/**
 * A parsed overlay file: toolsift metadata (use cases, examples, keywords, `not_for`, conflicts, prerequisites)
 * for tools written elsewhere, such as the tools of an MCP server.
 */
export interface ToolOverlay {
  /** The overlay file, or `shipped:<name>` for an overlay toolsift ships. */
  file: string;
  /**
   * Which server's tools the entries are for: any of these names matches the tool's `server.name` or one of its
   * aliases (an MCP `serverInfo.name`, a gateway config key). Absent: entries match tools of any server, or none.
   */
  server?: { names: string[]; title?: string; description?: string };
  entries: OverlayEntry[];
  /** Shipped overlays apply only where they match; a shipped entry matching nothing is no finding. */
  isShipped: boolean;
}

import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import type { Tool, ToolFormat } from '../model/tool.js';
import { detectFormat } from './detect-format.js';
import { isOverlayDocument, readOverlay } from './overlays/read-overlay.js';
import type { ToolOverlay } from './overlays/tool-overlay.js';
import { parseTool } from './parse-tool.js';
import type { FormatLoader, ParsedDocument } from './types.js';

/** Options for `loadDocument`. */
export interface LoadDocumentOptions {
  /** The format loaders to choose from. */
  loaders: readonly FormatLoader[];
  /** Use this format instead of detecting one. */
  format?: ToolFormat | undefined;
  /** A document no loader recognises is skipped quietly instead of being an UNKNOWN_FORMAT error. */
  isLenient?: boolean;
}

/** The tools of one file and its diagnostics; `isSkipped` when it was quietly passed over. */
export interface LoadedFile {
  tools: Tool[];
  diagnostics: Diagnostic[];
  isSkipped: boolean;
  /** The file is a toolsift overlay (metadata for tools of other files or servers), not tools. */
  overlay?: ToolOverlay;
}

/** Detect the format of a parsed document, run its loader and validate every tool it yields. */
export function loadDocument(document: ParsedDocument, options: LoadDocumentOptions): LoadedFile {
  const { file } = document;
  // The marker key is unambiguous: an overlay stays an overlay whatever format is forced on the tools.
  if (isOverlayDocument(document.data)) return overlayFile(document);
  const detected = detectFormat(document, { loaders: options.loaders, format: options.format });
  if (detected === undefined) {
    if (options.isLenient === true) return { tools: [], diagnostics: [], isSkipped: true };
    return {
      tools: [],
      diagnostics: [
        {
          code: ErrorCode.UnknownFormat,
          severity: 'error',
          file,
          pointer: '',
          message:
            `No metadata format recognises this ${document.syntax.toUpperCase()} document (${describeContent(document.data)}). ` +
            `Known formats: ${options.loaders.map((loader) => loader.format).join(', ')}; pass --input-format to choose one.`,
        },
      ],
      isSkipped: false,
    };
  }

  const diagnostics: Diagnostic[] = [];
  const loaded = detected.loader.load(document, {
    report(diagnostic) {
      const position =
        diagnostic.line === undefined && diagnostic.pointer !== undefined
          ? document.locate(diagnostic.pointer)
          : undefined;
      diagnostics.push({ ...diagnostic, file, ...(position ?? {}) });
    },
  });
  const tools: Tool[] = [];
  for (const input of loaded) {
    const result = parseTool(input, { source: { file }, locate: document.locate });
    diagnostics.push(...result.diagnostics);
    if (result.tool === undefined) continue;
    const { source } = result.tool;
    const line = source.line ?? document.locate(source.pointer)?.line;
    tools.push(line === undefined ? result.tool : { ...result.tool, source: { ...source, line } });
  }
  // An empty list is an empty catalog (MCP servers with no tools), not a mistake worth a warning.
  const isEmptyList = Array.isArray(document.data) && document.data.length === 0;
  if (loaded.length === 0 && diagnostics.length === 0 && !isEmptyList) {
    diagnostics.push({
      code: ErrorCode.NotATool,
      severity: 'warning',
      file,
      pointer: '',
      message: `Read as ${detected.loader.format} metadata, but it defines no tools.`,
    });
  }
  return { tools, diagnostics, isSkipped: false };
}

// --- internal ---

function overlayFile(document: ParsedDocument): LoadedFile {
  const diagnostics: Diagnostic[] = [];
  const overlay = readOverlay(document, {
    report: (diagnostic) => diagnostics.push({ ...diagnostic, file: document.file }),
  });
  return { tools: [], diagnostics, isSkipped: false, ...(overlay !== undefined ? { overlay } : {}) };
}

function describeContent(data: unknown): string {
  if (Array.isArray(data)) return `an array of ${data.length} item${data.length === 1 ? '' : 's'}`;
  if (data === null || typeof data !== 'object')
    return `a single ${data === null ? 'null' : typeof data} value`;
  const keys = Object.keys(data);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 6).join(', ');
  return `top-level keys: ${shown}${keys.length > 6 ? `, ... (${keys.length} in all)` : ''}`;
}

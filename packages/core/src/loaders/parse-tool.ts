import { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import { type Tool, ToolSchema } from '../model/tool.js';
import type { Locate } from './json-locator.js';

/** Options for `parseTool`. */
export interface ParseToolOptions {
  /** Where the input was read from; the input's own `source.pointer` is preferred when it has one. */
  source: { file: string; pointer?: string };
  /** Maps a JSON pointer of the source document to a line/column (from `ParsedDocument.locate`). */
  locate?: Locate;
}

/** A valid tool, or the METADATA_INVALID diagnostic saying why the input is not one. */
export type ParseToolResult =
  | { tool: Tool; diagnostics: [] }
  | { tool?: undefined; diagnostics: Diagnostic[] };

/**
 * Validate and normalise what a loader produced against the `Tool` model. Never throws: failures
 * become one METADATA_INVALID diagnostic listing every issue (`✖ message → at path`).
 * @example parseTool(loaded, { source: { file: 'tools/x.json', pointer: '' }, locate: document.locate })
 */
export function parseTool(input: unknown, options: ParseToolOptions): ParseToolResult {
  const result = ToolSchema.safeParse(input);
  if (result.success) return { tool: result.data, diagnostics: [] };

  const pointer = pointerOf(input) ?? options.source.pointer ?? '';
  const position = options.locate?.(pointer);
  const label = labelOf(input);
  const issues = z
    .prettifyError(result.error)
    .split(/\n(?=✖)/)
    .map((issue) => issue.replace(/\n\s*→ at /g, ' → at ').trim())
    .join('; ');
  return {
    diagnostics: [
      {
        code: ErrorCode.MetadataInvalid,
        severity: 'error',
        file: options.source.file,
        pointer,
        ...(position !== undefined ? { line: position.line, column: position.column } : {}),
        message: `${label} does not match the tool model: ${issues}`,
      },
    ],
  };
}

// --- internal ---

function pointerOf(input: unknown): string | undefined {
  const source = (input as { source?: { pointer?: unknown } } | null)?.source;
  return typeof source?.pointer === 'string' ? source.pointer : undefined;
}

function labelOf(input: unknown): string {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = [record.id, record.name].find((value) => typeof value === 'string' && value !== '');
  return name !== undefined ? `Tool "${String(name)}"` : 'Tool';
}

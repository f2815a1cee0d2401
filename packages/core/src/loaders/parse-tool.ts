import { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import { type Tool, ToolSchema } from '../model/tool.js';
import { normalizeSchema } from '../schema/normalize-schema.js';
import type { SchemaProblem } from '../schema/schema-problem.js';
import { describeValue } from './formats/field-reader.js';
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
  if (result.success) {
    const schemaIssues = schemaTextIssues(result.data);
    if (schemaIssues.length === 0) return { tool: result.data, diagnostics: [] };
    return invalid(input, options, schemaIssues.join('; '));
  }
  const issues = z
    .prettifyError(result.error)
    .split(/\n(?=✖)/)
    .map((issue) => issue.replace(/\n\s*→ at /g, ' → at ').trim())
    .join('; ');
  return invalid(input, options, issues);
}

// --- internal ---

function invalid(input: unknown, options: ParseToolOptions, issues: string): ParseToolResult {
  const pointer = pointerOf(input) ?? options.source.pointer ?? '';
  const position = options.locate?.(pointer);
  const label = labelOf(input);
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

/**
 * The model types `parameters` and `result` as loose JSON Schema, but tool views and formatters read their
 * text keywords as strings: a loader (a custom one, or ours with a bug) that leaves a table there would crash
 * every command that embeds the catalog, so the tool is refused here instead. Built-in loaders drop such values.
 */
function schemaTextIssues(tool: Tool): string[] {
  const issues: string[] = [];
  for (const [field, schema] of [
    ['parameters', tool.parameters],
    ['result', tool.result],
  ] as const) {
    if (schema === undefined) continue;
    const problems: SchemaProblem[] = [];
    normalizeSchema(schema, problems);
    for (const problem of problems) {
      const path = [field, ...problem.pointer.split('/').slice(1).map(unescapeSegment)].join('.');
      issues.push(`✖ Expected ${problem.expected}, found ${describeValue(problem.found)} → at ${path}`);
    }
  }
  return issues;
}

function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function pointerOf(input: unknown): string | undefined {
  const source = (input as { source?: { pointer?: unknown } } | null)?.source;
  return typeof source?.pointer === 'string' ? source.pointer : undefined;
}

function labelOf(input: unknown): string {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = [record.id, record.name].find((value) => typeof value === 'string' && value !== '');
  return name !== undefined ? `Tool "${String(name)}"` : 'Tool';
}

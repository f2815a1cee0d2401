import type { DiagnosticSeverity } from '../../diagnostics.js';
import { ErrorCode } from '../../errors.js';
import type { JsonSchema, ToolFormat, ToolSource } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { normalizeSchema } from '../../schema/normalize-schema.js';
import type { SchemaProblem } from '../../schema/schema-problem.js';
import type { FormatLoaderContext, ParsedDocument } from '../types.js';

/** Reads typed fields out of parsed data; a wrong type is reported (METADATA_INVALID) and read as absent. */
export interface FieldReader {
  /** Report a diagnostic at a JSON pointer (line/column filled in from the document where it can say). */
  report(input: { pointer: string; message: string; severity?: DiagnosticSeverity; code?: ErrorCode }): void;
  /** Report a value of the wrong type: what was expected and what was found. */
  invalid(pointer: string, expected: string, found: unknown): void;
  /** A string; null/undefined are absent. */
  string(value: unknown, pointer: string): string | undefined;
  /**
   * A field a tool cannot be read without (its name, a namespace): a non-blank string, else `message` is
   * reported at `pointer` (the tool's own pointer) and undefined returned so the caller skips the tool.
   */
  required(value: unknown, options: { pointer: string; field: string; message: string }): string | undefined;
  /** A string, or a number/boolean written where text was meant (`version: 1.2`). */
  text(value: unknown, pointer: string): string | undefined;
  /** A list of strings; a lone string is a list of one; non-string members are reported and skipped. */
  strings(value: unknown, pointer: string): string[] | undefined;
  /** A boolean. */
  boolean(value: unknown, pointer: string): boolean | undefined;
  /** A finite number. */
  number(value: unknown, pointer: string): number | undefined;
  /** A plain object. */
  record(value: unknown, pointer: string): Record<string, unknown> | undefined;
  /** An array. */
  list(value: unknown, pointer: string): unknown[] | undefined;
  /** Report what a schema conversion had to skip, below `pointer`. */
  schemaProblems(problems: readonly SchemaProblem[], pointer: string): void;
  /** A JSON Schema object (an output schema), normalised; what had to be dropped is reported. */
  schema(value: unknown, pointer: string): JsonSchema | undefined;
  /** The `source` of a tool found at `pointer`. */
  source(pointer: string): ToolSource;
}

/** Creates the reader a format loader uses for one document. */
export function createFieldReader(options: {
  document: ParsedDocument;
  context: FormatLoaderContext;
  format: ToolFormat;
}): FieldReader {
  const { document, context, format } = options;
  const report: FieldReader['report'] = ({
    pointer,
    message,
    severity = 'error',
    code = ErrorCode.MetadataInvalid,
  }) => {
    const position = locateNearest(document, pointer);
    context.report({
      code,
      severity,
      pointer,
      message,
      ...(position ? { line: position.line, column: position.column } : {}),
    });
  };
  const invalid: FieldReader['invalid'] = (pointer, expected, found) =>
    report({ pointer, message: `Expected ${expected} at ${pointer || '/'}, found ${describeValue(found)}.` });
  const typed =
    <T>(expected: string, accept: (value: unknown) => T | undefined) =>
    (value: unknown, pointer: string): T | undefined => {
      if (value === undefined || value === null) return undefined;
      const accepted = accept(value);
      if (accepted === undefined) invalid(pointer, expected, value);
      return accepted;
    };
  const string = typed('a string', (value) => (typeof value === 'string' ? value : undefined));
  const record = typed('an object', (value) => (isRecord(value) ? value : undefined));
  const schemaProblems: FieldReader['schemaProblems'] = (problems, pointer) => {
    for (const problem of problems) invalid(`${pointer}${problem.pointer}`, problem.expected, problem.found);
  };
  return {
    report,
    invalid,
    required(value, { pointer, field, message }) {
      const text = string(value, `${pointer}/${field}`);
      if (text !== undefined && text.trim() !== '') return text;
      report({ pointer, message });
      return undefined;
    },
    string,
    text: typed('a string', (value) =>
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : undefined,
    ),
    strings(value, pointer) {
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string') return [value];
      if (!Array.isArray(value)) {
        invalid(pointer, 'a list of strings', value);
        return undefined;
      }
      const strings: string[] = [];
      value.forEach((member, index) => {
        if (typeof member === 'string') strings.push(member);
        else if (typeof member === 'number' || typeof member === 'boolean') strings.push(String(member));
        else invalid(`${pointer}/${index}`, 'a string', member);
      });
      return strings;
    },
    boolean: typed('a boolean', (value) => (typeof value === 'boolean' ? value : undefined)),
    number: typed('a number', (value) =>
      typeof value === 'number' && Number.isFinite(value) ? value : undefined,
    ),
    record,
    list: typed('a list', (value) => (Array.isArray(value) ? value : undefined)),
    schemaProblems,
    schema(value, pointer) {
      const written = record(value, pointer);
      if (written === undefined) return undefined;
      const problems: SchemaProblem[] = [];
      const schema = normalizeSchema(written, problems);
      schemaProblems(problems, pointer);
      return schema;
    },
    source(pointer) {
      const line = document.locate(pointer)?.line;
      return { format, file: document.file, pointer, ...(line !== undefined ? { line } : {}) };
    },
  };
}

/** A short description of a value for messages: `number 42`, `string "abc"`, `a list of 3`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

// --- internal ---

/** Where the value at `pointer` is, or else its nearest ancestor (a missing key is reported at its parent). */
function locateNearest(
  document: ParsedDocument,
  pointer: string,
): { line: number; column: number } | undefined {
  for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
    const position = document.locate(current);
    if (position !== undefined || current === '') return position;
  }
}

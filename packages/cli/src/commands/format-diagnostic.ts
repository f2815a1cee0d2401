import type { Diagnostic } from '@toolsift/core';

/** One diagnostic as a line: `file:line:col CODE message`, leaving out the parts that are unknown. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const position =
    diagnostic.line === undefined
      ? ''
      : `:${diagnostic.line}${diagnostic.column !== undefined ? `:${diagnostic.column}` : ''}`;
  // Without a line, the JSON pointer is the only way to find the place (TOML values, in-memory input).
  const where =
    diagnostic.line === undefined && diagnostic.pointer !== undefined && diagnostic.pointer !== ''
      ? ` (at ${diagnostic.pointer})`
      : '';
  const message = diagnostic.message.replace(/\s*\n\s*/g, ' ');
  return `${diagnostic.file}${position} ${diagnostic.code} ${message}${where}`;
}

/** The diagnostic in the `--json` report shape, with null for what is unknown. */
export function diagnosticToJson(diagnostic: Diagnostic): Record<string, unknown> {
  return {
    code: diagnostic.code,
    severity: diagnostic.severity,
    file: diagnostic.file,
    line: diagnostic.line ?? null,
    column: diagnostic.column ?? null,
    pointer: diagnostic.pointer ?? null,
    message: diagnostic.message,
  };
}

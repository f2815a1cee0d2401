import type { ErrorCode } from './errors.js';

/** How bad a diagnostic is: errors fail `validate`, warnings are advisories, info is chatter. */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** One finding about a metadata file, located as precisely as the format allows. */
export interface Diagnostic {
  /** Stable code (see `ErrorCode`). */
  code: ErrorCode;
  severity: DiagnosticSeverity;
  /** File the finding is about, as given to the loader. */
  file: string;
  /** 1-based line, when the parser reports it. */
  line?: number;
  /** 1-based column, when the parser reports it. */
  column?: number;
  /** JSON pointer inside the document ('' for the whole file). */
  pointer?: string;
  /** What failed, what was expected, what was found. */
  message: string;
}

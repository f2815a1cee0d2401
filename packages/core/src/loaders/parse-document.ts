import type { Diagnostic } from '../diagnostics.js';
import {
  inspectValue,
  MAX_NESTING_DEPTH,
  type StructureProblem,
  scanNestingDepth,
  tooDeep,
} from './inspect-structure.js';
import type { Locate } from './json-locator.js';
import { createLineIndex } from './line-index.js';
import {
  parseJsonLinesText,
  parseJsonText,
  parseTomlText,
  parseYamlText,
  type SyntaxDiagnostic,
  type SyntaxResult,
} from './parse-syntax.js';
import type { ParsedDocument } from './types.js';

/** The syntaxes metadata is written in. */
export type Syntax = ParsedDocument['syntax'];

/** Options for `parseDocument`. */
export interface ParseDocumentOptions {
  /** File name for diagnostics and for choosing the syntax by extension. */
  file: string;
  /** Force a syntax; otherwise the extension decides, and content sniffing when it says nothing. */
  syntax?: Syntax;
  /** Deepest nesting accepted (default 200). */
  maxDepth?: number;
}

/** A parsed document (absent when the text cannot be used) and what was found on the way. */
export interface ParseDocumentResult {
  document?: ParsedDocument;
  diagnostics: Diagnostic[];
}

/**
 * Parse metadata text by syntax into a `ParsedDocument` whose `locate` maps JSON pointers to lines.
 * Refuses nesting bombs before parsing, alias bombs while expanding, and prototype keys after.
 */
export function parseDocument(text: string, options: ParseDocumentOptions): ParseDocumentResult {
  const { file } = options;
  const maxDepth = options.maxDepth ?? MAX_NESTING_DEPTH;
  const withFile = (diagnostic: SyntaxDiagnostic): Diagnostic => ({ ...diagnostic, file });
  const declared = options.syntax ?? syntaxForFile(file);
  const syntax = declared ?? sniffSyntax(text);

  const depthProblem = scanNestingDepth(text, { syntax: syntax === 'jsonl' ? 'json' : syntax, maxDepth });
  if (depthProblem !== undefined) {
    return { diagnostics: [withFile(problemDiagnostic(depthProblem, text, undefined))] };
  }
  let result: SyntaxResult & { syntax: Syntax };
  try {
    result = parseAs(text, syntax, declared === undefined);
  } catch (error) {
    // Last line of defence: a parser recursing too deep on a shape the pre-scan did not count.
    if (error instanceof RangeError) {
      return { diagnostics: [withFile(problemDiagnostic(tooDeep(maxDepth), text, undefined))] };
    }
    throw error;
  }
  const diagnostics = result.diagnostics.map(withFile);
  if (result.data === undefined) return { diagnostics };

  const problem = inspectValue(result.data, { maxDepth });
  if (problem !== undefined) {
    return { diagnostics: [...diagnostics, withFile(problemDiagnostic(problem, text, result.locate))] };
  }
  const document: ParsedDocument = { file, syntax: result.syntax, data: result.data, locate: result.locate };
  return { document, diagnostics };
}

/** The syntax a file name implies, or undefined when its extension says nothing. */
export function syntaxForFile(file: string): Syntax | undefined {
  const extension = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase();
  switch (extension) {
    case '.json':
      return 'json';
    case '.jsonl':
    case '.ndjson':
      return 'jsonl';
    case '.yaml':
    case '.yml':
      return 'yaml';
    case '.toml':
      return 'toml';
    default:
      return undefined;
  }
}

/** Guess the syntax of text with no telling extension. */
export function sniffSyntax(text: string): Syntax {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return looksLikeJsonLines(trimmed) ? 'jsonl' : 'json';
  if (trimmed.startsWith('[')) {
    if (/^\[\[?\s*[\w".-]+\s*\]\]?\s*(#.*)?$/m.test(trimmed.split('\n', 1)[0] ?? '')) return 'toml';
    return 'json';
  }
  const firstLine = trimmed
    .split('\n')
    .find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  if (firstLine !== undefined && /^\s*[\w".-]+\s*=/.test(firstLine)) return 'toml';
  return 'yaml';
}

// --- internal ---

function parseAs(text: string, syntax: Syntax, isGuess: boolean): SyntaxResult & { syntax: Syntax } {
  switch (syntax) {
    case 'json': {
      const result = parseJsonText(text);
      // Files named .json that hold one JSON value per line (BFCL data does this) are JSON Lines.
      if (result.data === undefined && looksLikeJsonLines(text)) {
        return { ...parseJsonLinesText(text), syntax: 'jsonl' };
      }
      if (result.data === undefined && isGuess) {
        const asYaml = parseYamlText(text);
        if (asYaml.data !== undefined) return { ...asYaml, syntax: 'yaml' };
      }
      return { ...result, syntax };
    }
    case 'jsonl':
      return { ...parseJsonLinesText(text), syntax };
    case 'yaml':
      return { ...parseYamlText(text), syntax };
    case 'toml':
      return { ...parseTomlText(text), syntax };
    default: {
      const unreachable: never = syntax;
      return unreachable;
    }
  }
}

/** Two or more non-blank lines, the first of which is a complete JSON value on its own. */
function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  try {
    JSON.parse(lines[0] ?? '');
    return true;
  } catch {
    return false;
  }
}

function problemDiagnostic(
  problem: StructureProblem,
  text: string,
  locate: Locate | undefined,
): SyntaxDiagnostic {
  const position =
    problem.offset !== undefined
      ? createLineIndex(text).positionAt(problem.offset)
      : problem.pointer !== undefined
        ? locateNearest(locate, problem.pointer)
        : undefined;
  return {
    code: problem.code,
    severity: 'error',
    message: problem.message,
    ...(problem.pointer !== undefined ? { pointer: problem.pointer } : {}),
    ...(position !== undefined ? { line: position.line, column: position.column } : {}),
  };
}

/** Locate a pointer, or its nearest ancestor that can be located. */
function locateNearest(locate: Locate | undefined, pointer: string): ReturnType<Locate> {
  let current = pointer;
  while (locate !== undefined) {
    const position = locate(current);
    if (position !== undefined || current === '') return position;
    current = current.slice(0, current.lastIndexOf('/'));
  }
  return undefined;
}

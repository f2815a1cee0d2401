import type { Node } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import { tomlLibrary, yamlLibrary } from '../parsing-libraries.js';
import { describeFound, findJsonSyntaxError } from './find-json-syntax-error.js';
import { createJsonLocator, type Locate } from './json-locator.js';
import { createLineIndex } from './line-index.js';
import { createTomlLocator } from './toml-locator.js';

/** Most YAML aliases a document may expand; more is treated as an alias bomb. */
export const MAX_YAML_ALIASES = 100;

/** A diagnostic before the file name is known. */
export type SyntaxDiagnostic = Omit<Diagnostic, 'file'>;

/** Outcome of parsing text in one syntax: a value (maybe with per-line problems), or why not. */
export type SyntaxResult =
  | { data: unknown; locate: Locate; diagnostics: SyntaxDiagnostic[] }
  | { data?: undefined; diagnostics: SyntaxDiagnostic[] };

/** Parse JSON; a syntax error is located exactly and says what was expected and found. */
export function parseJsonText(text: string): SyntaxResult {
  try {
    return { data: JSON.parse(text), locate: createJsonLocator(text), diagnostics: [] };
  } catch (error) {
    const syntaxError = findJsonSyntaxError(text);
    if (syntaxError === undefined) throw error; // valid JSON that V8 still refused: not a syntax problem
    const { offset, expected } = syntaxError;
    const message = `Invalid JSON: expected ${expected}, found ${describeFound(text, offset)}.`;
    return { diagnostics: [parseError(message, createLineIndex(text).positionAt(offset))] };
  }
}

/** Parse JSON Lines: one value per non-blank line; a bad line is reported and the others are kept. */
export function parseJsonLinesText(text: string): SyntaxResult {
  const values: unknown[] = [];
  const lineTexts: Array<{ line: number; text: string }> = [];
  const diagnostics: SyntaxDiagnostic[] = [];
  text.split('\n').forEach((lineText, index) => {
    if (lineText.trim() === '') return;
    const result = parseJsonText(lineText);
    if (result.data === undefined && result.diagnostics.length > 0) {
      for (const diagnostic of result.diagnostics) diagnostics.push({ ...diagnostic, line: index + 1 });
      return;
    }
    values.push(result.data);
    lineTexts.push({ line: index + 1, text: lineText });
  });
  if (values.length === 0) return { diagnostics };
  const locators = new Map<number, Locate>();
  const locate: Locate = (pointer) => {
    if (pointer === '') return { line: 1, column: 1 };
    const [, first, rest] = /^\/(\d+)(\/.*)?$/.exec(pointer) ?? [];
    const record = lineTexts[Number(first)];
    if (first === undefined || record === undefined) return undefined;
    // A line's own value (where every tool's `source` points) starts at its first non-blank character: no need
    // to map the offsets of every value on the line, which cost a 10k-line catalog ~0.2 s of a CLI call.
    if (rest === undefined) return { line: record.line, column: record.text.search(/\S/) + 1 };
    let locator = locators.get(record.line);
    if (locator === undefined) {
      locator = createJsonLocator(record.text);
      locators.set(record.line, locator);
    }
    const inner = locator(rest ?? '');
    return inner === undefined ? undefined : { line: record.line, column: inner.column };
  };
  return { data: values, locate, diagnostics };
}

/** Parse one YAML document with alias expansion capped; `locate` follows the node tree. */
export function parseYamlText(text: string): SyntaxResult {
  const { LineCounter, isAlias, parseDocument } = yamlLibrary();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const firstError = document.errors[0];
  if (firstError !== undefined) {
    const position = lineCounter.linePos(firstError.pos[0]);
    const detail = firstError.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
    return {
      diagnostics: [parseError(`Invalid YAML: ${detail}`, { line: position.line, column: position.col })],
    };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      return {
        diagnostics: [
          {
            code: ErrorCode.AliasLimit,
            severity: 'error',
            message: `YAML aliases expand too much (limit ${MAX_YAML_ALIASES}); refusing a possible alias bomb.`,
          },
        ],
      };
    }
    throw error;
  }
  const locate: Locate = (pointer) => {
    let node: unknown = document.contents;
    for (const token of pointer.split('/').slice(1).map(unescapePointerToken)) {
      node = childNode(isAlias(node) ? node.resolve(document) : node, token);
      if (node === undefined) return undefined;
    }
    const offset = (node as Node | null)?.range?.[0];
    if (offset === undefined) return undefined;
    const position = lineCounter.linePos(offset);
    return { line: position.line, column: position.col };
  };
  return { data, locate, diagnostics: [] };
}

/** Parse TOML with smol-toml; syntax errors carry its line/column; `locate` finds table headers and keys. */
export function parseTomlText(text: string): SyntaxResult {
  try {
    const data: unknown = tomlLibrary().parse(text);
    return { data, locate: createTomlLocator(text), diagnostics: [] };
  } catch (error) {
    const { line, column, message } = error as { line?: unknown; column?: unknown; message?: unknown };
    const detail = String(message ?? error)
      .split('\n')[0]
      ?.replace(/^Invalid TOML document:\s*/, '');
    const position = typeof line === 'number' && typeof column === 'number' ? { line, column } : undefined;
    return { diagnostics: [parseError(`Invalid TOML: ${detail}.`, position)] };
  }
}

// --- internal ---

function parseError(
  message: string,
  position: { line: number; column: number } | undefined,
): SyntaxDiagnostic {
  return {
    code: ErrorCode.ParseError,
    severity: 'error',
    message: message.replace(/\.\.$/, '.'),
    ...(position !== undefined ? { line: position.line, column: position.column } : {}),
  };
}

function childNode(node: unknown, token: string): unknown {
  const { isMap, isScalar, isSeq } = yamlLibrary();
  if (isMap(node)) {
    const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === token);
    return pair?.value ?? undefined;
  }
  if (isSeq(node) && /^\d+$/.test(token)) return node.items[Number(token)];
  return undefined;
}

function unescapePointerToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

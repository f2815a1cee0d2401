import { ErrorCode } from '../errors.js';
import { escapePointerToken } from './json-locator.js';

/** Deepest nesting of arrays/objects accepted in a metadata document. */
export const MAX_NESTING_DEPTH = 200;

/** Keys that could reach an object's prototype when copied by careless code; refused everywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A structural problem found before or after parsing. */
export interface StructureProblem {
  code: typeof ErrorCode.NestingTooDeep | typeof ErrorCode.ForbiddenKey;
  message: string;
  /** Offset in the text (pre-scan) ... */
  offset?: number;
  /** ... or JSON pointer in the parsed value (walk). */
  pointer?: string;
}

/**
 * Count bracket nesting in the raw text, so that a `[[[[...` bomb is refused before a parser recurses
 * into it. Exact for JSON; for YAML/TOML flow collections it skips quoted strings and comments.
 */
export function scanNestingDepth(
  text: string,
  options: { syntax: 'json' | 'yaml' | 'toml'; maxDepth?: number },
): StructureProblem | undefined {
  const maxDepth = options.maxDepth ?? MAX_NESTING_DEPTH;
  const isJson = options.syntax === 'json';
  let depth = 0;
  let position = 0;
  while (position < text.length) {
    const char = text[position];
    if (char === '"' || (char === "'" && !isJson)) {
      position = skipQuoted(text, position, !isJson);
    } else if (char === '#' && !isJson) {
      const end = text.indexOf('\n', position);
      position = end === -1 ? text.length : end;
    } else {
      if (char === '[' || char === '{') {
        depth += 1;
        if (depth > maxDepth) return tooDeep(maxDepth, { offset: position });
      } else if (char === ']' || char === '}') {
        depth = Math.max(0, depth - 1);
      }
      position += 1;
    }
  }
  return undefined;
}

/**
 * Walk a parsed value without recursion and report the first forbidden key, unexpected prototype
 * or nesting deeper than the limit (block-style YAML nests without brackets).
 */
export function inspectValue(
  value: unknown,
  options: { maxDepth?: number } = {},
): StructureProblem | undefined {
  const maxDepth = options.maxDepth ?? MAX_NESTING_DEPTH;
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== 'object' || item.value === null || item.value instanceof Date) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return tooDeep(maxDepth, { pointer: item.pointer });
    if (Array.isArray(item.value)) {
      item.value.forEach((element, index) => {
        stack.push({ value: element, pointer: `${item.pointer}/${index}`, depth });
      });
      continue;
    }
    const prototype = Object.getPrototypeOf(item.value);
    if (prototype !== Object.prototype && prototype !== null) {
      return forbidden(`${item.pointer}/__proto__`, '__proto__');
    }
    for (const key of Object.keys(item.value)) {
      const pointer = `${item.pointer}/${escapePointerToken(key)}`;
      if (FORBIDDEN_KEYS.has(key)) return forbidden(pointer, key);
      stack.push({ value: (item.value as Record<string, unknown>)[key], pointer, depth });
    }
  }
  return undefined;
}

/** The problem reported for nesting beyond `maxDepth`, at an offset or pointer when known. */
export function tooDeep(
  maxDepth: number,
  where: { offset: number } | { pointer: string } | object = {},
): StructureProblem {
  return {
    code: ErrorCode.NestingTooDeep,
    message: `Nesting is deeper than the limit of ${maxDepth} levels; the document was not loaded.`,
    ...where,
  };
}

// --- internal ---

function forbidden(pointer: string, key: string): StructureProblem {
  return {
    code: ErrorCode.ForbiddenKey,
    message: `Key "${key}" is not allowed (it could alter object prototypes); rename or remove it.`,
    pointer,
  };
}

/** Offset just past a quoted string; in YAML/TOML a string never spans lines for this scan's purpose. */
function skipQuoted(text: string, start: number, isLineBound: boolean): number {
  const quote = text[start];
  let position = start + 1;
  while (position < text.length) {
    const char = text[position];
    if (char === '\\' && quote === '"') position += 2;
    else if (char === quote) return position + 1;
    else if (char === '\n' && isLineBound) return position;
    else position += 1;
  }
  return position;
}

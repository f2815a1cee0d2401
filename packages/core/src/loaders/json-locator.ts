import { createLineIndex, type LineIndex, type LinePosition } from './line-index.js';

/** Finds the 1-based line/column of the value at a JSON pointer. */
export type Locate = (pointer: string) => LinePosition | undefined;

/**
 * A `Locate` for a JSON text that has already parsed successfully. The position map is built on the
 * first call only (most documents never need one), by a flat scan without recursion; first only down to
 * `SHALLOW_DEPTH`, where every tool's `source` points: a pointer string for every value of a 10k-tool
 * catalog cost ~0.25 s. A deeper pointer (a diagnostic inside a schema) maps every value.
 */
export function createJsonLocator(text: string): Locate {
  let shallow: Map<string, number> | undefined;
  let full: Map<string, number> | undefined;
  let lines: LineIndex | undefined;
  return (pointer) => {
    let offsets: Map<string, number>;
    if (full !== undefined || depthOf(pointer) > SHALLOW_DEPTH) {
      full ??= mapValueOffsets(text, Number.POSITIVE_INFINITY);
      offsets = full;
    } else {
      shallow ??= mapValueOffsets(text, SHALLOW_DEPTH);
      offsets = shallow;
    }
    const offset = offsets.get(pointer);
    if (offset === undefined) return undefined;
    lines ??= createLineIndex(text);
    return lines.positionAt(offset);
  };
}

/** Escape one reference token for a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

// --- internal ---

/** Pointers of at most this many tokens are mapped first (`/tools/12/name` has three). */
const SHALLOW_DEPTH = 3;

function depthOf(pointer: string): number {
  let depth = 0;
  for (let at = pointer.indexOf('/'); at !== -1; at = pointer.indexOf('/', at + 1)) depth++;
  return depth;
}

interface Frame {
  pointer: string;
  isArray: boolean;
  /** Array: index of the next element. */
  index: number;
  /** Object: the key whose value comes next; undefined while a key is expected. */
  key: string | undefined;
}

/** Offsets of every value start in valid JSON down to `maxDepth` pointer tokens, keyed by JSON pointer. */
function mapValueOffsets(text: string, maxDepth: number): Map<string, number> {
  const offsets = new Map<string, number>();
  const stack: Frame[] = [];
  let position = 0;
  while (position < text.length) {
    const char = text[position];
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t' || char === ',' || char === ':') {
      if (char === ',') advanceAfterComma(stack.at(-1));
      position += 1;
      continue;
    }
    if (char === '}' || char === ']') {
      stack.pop();
      position += 1;
      continue;
    }
    const top = stack.at(-1);
    // Values below `maxDepth` are scanned for structure only: no key parsed, no pointer built.
    const isMapped = stack.length <= maxDepth;
    if (top !== undefined && !top.isArray && top.key === undefined) {
      const end = skipString(text, position);
      top.key = isMapped ? (JSON.parse(text.slice(position, end)) as string) : '';
      position = end;
      continue;
    }
    const pointer =
      top === undefined
        ? ''
        : isMapped
          ? `${top.pointer}/${escapePointerToken(top.isArray ? top.index : (top.key as string))}`
          : '';
    if (isMapped) offsets.set(pointer, position);
    if (char === '{' || char === '[') {
      stack.push({ pointer, isArray: char === '[', index: 0, key: undefined });
      position += 1;
    } else if (char === '"') {
      position = skipString(text, position);
    } else {
      position = skipLiteral(text, position);
    }
  }
  return offsets;
}

function advanceAfterComma(frame: Frame | undefined): void {
  if (frame === undefined) return;
  if (frame.isArray) frame.index += 1;
  else frame.key = undefined;
}

/** Offset just past the string starting at `start` (which is a double quote). */
function skipString(text: string, start: number): number {
  let position = start + 1;
  while (position < text.length) {
    const char = text[position];
    if (char === '\\') position += 2;
    else if (char === '"') return position + 1;
    else position += 1;
  }
  return position;
}

function skipLiteral(text: string, start: number): number {
  let position = start;
  while (position < text.length && !' \n\r\t,:}]'.includes(text[position] ?? '')) position += 1;
  return position;
}

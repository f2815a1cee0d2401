import { escapeSegment } from '../schema/json-pointer.js';
import type { Locate } from './json-locator.js';

/**
 * A `Locate` for a TOML text that has already parsed: table headers (`[a.b]`, `[[a]]`, counted per parent so
 * `/a/1` is the second `[[a]]`) and `key = value` lines (dotted and quoted keys too) are mapped to the line of
 * the header or key. Values inside inline tables and multi-line arrays are not mapped: they are located at
 * the key that holds them by the caller's walk up to the nearest ancestor. Built on the first call only.
 */
export function createTomlLocator(text: string): Locate {
  let positions: Map<string, { line: number; column: number }> | undefined;
  return (pointer) => {
    if (pointer === '') return { line: 1, column: 1 };
    positions ??= mapKeyLines(text);
    return positions.get(pointer);
  };
}

// --- internal ---

const HEADER = /^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(?:#.*)?$/;
const KEY =
  /^(\s*)((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=/;

function mapKeyLines(text: string): Map<string, { line: number; column: number }> {
  const positions = new Map<string, { line: number; column: number }>();
  const arrayIndex = new Map<string, number>();
  const set = (pointer: string, line: number, column: number): void => {
    if (!positions.has(pointer)) positions.set(pointer, { line, column });
  };
  /** The pointer of a dotted path below `base`, stepping into the current element of every table array. */
  const resolve = (base: string, keys: readonly string[]): string =>
    keys.reduce((pointer, key) => {
      const next = `${pointer}/${escapeSegment(key)}`;
      const index = arrayIndex.get(next);
      return index === undefined ? next : `${next}/${index}`;
    }, base);
  let table = '';
  let multiline: '"""' | "'''" | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (multiline !== undefined) {
      if (countOf(raw, multiline) % 2 === 1) multiline = undefined;
      return;
    }
    const header = HEADER.exec(raw);
    if (header?.[1] !== undefined && header[2] !== undefined && !raw.includes('=')) {
      const keys = splitKeys(header[2]);
      const column = raw.indexOf('[') + 1;
      if (header[1] === '[[') {
        const array = `${resolve('', keys.slice(0, -1))}/${escapeSegment(keys.at(-1) ?? '')}`;
        const next = (arrayIndex.get(array) ?? -1) + 1;
        arrayIndex.set(array, next);
        set(array, line, column);
        table = `${array}/${next}`;
      } else {
        table = resolve('', keys);
      }
      set(table, line, column);
      return;
    }
    const key = KEY.exec(raw);
    if (key?.[2] === undefined) return;
    set(
      `${table}${splitKeys(key[2])
        .map((segment) => `/${escapeSegment(segment)}`)
        .join('')}`,
      line,
      (key[1]?.length ?? 0) + 1,
    );
    const rest = raw.slice(key[0].length);
    for (const quote of ['"""', "'''"] as const) {
      if (countOf(rest, quote) % 2 === 1) multiline = quote;
    }
  });
  return positions;
}

/** `a."b.c".'d'` -> ['a', 'b.c', 'd']. */
function splitKeys(path: string): string[] {
  const keys: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^.\s"']+))\s*(?:\.|$)/gy;
  for (let match = pattern.exec(path); match !== null && match[0] !== ''; match = pattern.exec(path)) {
    const quoted = match[1];
    keys.push(quoted !== undefined ? unescapeBasic(quoted) : (match[2] ?? match[3] ?? ''));
  }
  return keys;
}

function unescapeBasic(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

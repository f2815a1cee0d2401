import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createJsonLocator, escapePointerToken } from '../../src/loaders/json-locator.js';

/** Every JSON pointer in a value, with the value it points at. */
function pointers(value: unknown, pointer = ''): Array<[string, unknown]> {
  const own: Array<[string, unknown]> = [[pointer, value]];
  if (typeof value !== 'object' || value === null) return own;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return own.concat(
    ...entries.map(([key, child]) => pointers(child, `${pointer}/${escapePointerToken(key)}`)),
  );
}

describe('createJsonLocator', () => {
  // Shallow pointers first (the shallow map, then the full one for deeper ones), or deepest first (the full map
  // answers every later call): both must locate every value.
  test.each([
    ['shallow first', (list: Array<[string, unknown]>) => list],
    ['deepest first', (list: Array<[string, unknown]>) => [...list].reverse()],
  ])('every pointer of a pretty-printed value is located at that value (%s)', (_, order) => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 2);
        const lines = text.split('\n');
        const locate = createJsonLocator(text);
        for (const [pointer, expected] of order(pointers(JSON.parse(text)))) {
          const position = locate(pointer);
          expect(position).toBeDefined();
          const rest = [
            lines[position!.line - 1]!.slice(position!.column - 1),
            ...lines.slice(position!.line),
          ].join('\n');
          expect(rest.startsWith(JSON.stringify(expected, null, 2).split('\n')[0]!)).toBe(true);
        }
      }),
    );
  });

  test('escapes ~ and / in tokens (RFC 6901)', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
  });
});

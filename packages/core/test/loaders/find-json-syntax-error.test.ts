import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findJsonSyntaxError } from '../../src/loaders/find-json-syntax-error.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('findJsonSyntaxError', () => {
  test('agrees with JSON.parse on valid JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonSyntaxError(text)).toBeUndefined();
      }),
    );
  });

  test('finds an error exactly where JSON.parse refuses, for mangled JSON', () => {
    fc.assert(
      fc.property(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', ':', 'x', '\\'),
        (text, at, insert) => {
          const index = at % (text.length + 1);
          const mangled = text.slice(0, index) + insert + text.slice(index + 1);
          expect(findJsonSyntaxError(mangled) === undefined).toBe(parses(mangled));
        },
      ),
    );
  });

  test('does not recurse: 100,000-deep arrays are scanned', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(99_999)}`;
    expect(findJsonSyntaxError(text)).toEqual({ offset: 199_999, expected: "',' or ']'" });
  });
});

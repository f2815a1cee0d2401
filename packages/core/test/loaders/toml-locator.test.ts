import { describe, expect, it } from 'vitest';
import { createTomlLocator } from '../../src/loaders/toml-locator.js';

describe('createTomlLocator', () => {
  const text = [
    'description = "x"',
    '"quoted.key" = 1',
    'a.b = 2',
    '[[parameters]]',
    'name = "first"',
    '[[parameters]]',
    '  name = "second"',
    'notes = """',
    'fake = 3',
    '"""',
    '[tables.city]',
    'type = "string"',
  ].join('\n');
  const locate = createTomlLocator(text);

  it.each([
    ['', 1, 1],
    ['/description', 1, 1],
    ['/quoted.key', 2, 1],
    ['/a/b', 3, 1],
    ['/parameters', 4, 1],
    ['/parameters/0', 4, 1],
    ['/parameters/0/name', 5, 1],
    ['/parameters/1/name', 7, 3],
    ['/tables/city', 11, 1],
    ['/tables/city/type', 12, 1],
  ])('%s is at %i:%i', (pointer, line, column) => {
    expect(locate(pointer)).toEqual({ line, column });
  });

  it('does not map keys inside a multi-line string', () => {
    expect(locate('/parameters/1/fake')).toBeUndefined();
  });
});

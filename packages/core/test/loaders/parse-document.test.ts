import { describe, expect, test } from 'vitest';
import { parseDocument, sniffSyntax } from '../../src/loaders/parse-document.js';

describe('parseDocument: JSON', () => {
  const text = '{\n  "name": "x",\n  "a/b": {"c~d": [10, {"deep": true}]}\n}\n';

  test('locates values by JSON pointer, 1-based', () => {
    const { document } = parseDocument(text, { file: 't.json' });
    expect(document?.syntax).toBe('json');
    expect(document?.data).toEqual({ name: 'x', 'a/b': { 'c~d': [10, { deep: true }] } });
    expect(document?.locate('')).toEqual({ line: 1, column: 1 });
    expect(document?.locate('/name')).toEqual({ line: 2, column: 11 });
    expect(document?.locate('/a~1b/c~0d/1/deep')).toEqual({ line: 3, column: 32 });
    expect(document?.locate('/missing')).toBeUndefined();
  });

  test('a syntax error gives PARSE_ERROR at the parser position', () => {
    const result = parseDocument('{\n  "name": "x",\n  "b": ,\n}', { file: 't.json' });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 't.json',
        line: 3,
        column: 8,
        message: "Invalid JSON: expected a value, found ','.",
      },
    ]);
  });

  test.each([
    { text: '{"a": [1, 2', column: 12, message: "expected ',' or ']', found the end of the text" },
    { text: '{"a": 1,}', column: 9, message: "expected a double-quoted property name, found '}'" },
    { text: "{'a': 1}", column: 2, message: "expected a double-quoted property name or '}', found \"'\"" },
    { text: '{"a" 1}', column: 6, message: "expected ':', found '1'" },
    { text: '{"a": "x\\q"}', column: 9, message: "expected a valid escape sequence, found '\\\\'" },
    { text: '[1] [2]', column: 5, message: "expected the end of the document, found '['" },
  ])('locates the syntax error in $text', ({ text, column, message }) => {
    expect(parseDocument(text, { file: 't.json' }).diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 't.json',
        line: 1,
        column,
        message: `Invalid JSON: ${message}.`,
      },
    ]);
  });

  test('1,000-deep nesting gives NESTING_TOO_DEEP, not a RangeError', () => {
    const text = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    expect(parseDocument(text, { file: 'deep.json' }).diagnostics).toEqual([
      {
        code: 'NESTING_TOO_DEEP',
        severity: 'error',
        file: 'deep.json',
        line: 1,
        column: 201,
        message: 'Nesting is deeper than the limit of 200 levels; the document was not loaded.',
      },
    ]);
  });

  test('brackets inside strings do not count as nesting', () => {
    const text = JSON.stringify({ description: '['.repeat(500) });
    expect(parseDocument(text, { file: 'x.json' }).document?.data).toEqual({ description: '['.repeat(500) });
  });

  test('__proto__ keys are refused and nothing is polluted', () => {
    const result = parseDocument('{"tool": {"__proto__": {"polluted": true}}}', { file: 'p.json' });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'FORBIDDEN_KEY',
        severity: 'error',
        file: 'p.json',
        pointer: '/tool/__proto__',
        line: 1,
        column: 24,
        message: 'Key "__proto__" is not allowed (it could alter object prototypes); rename or remove it.',
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test.each(['constructor', 'prototype'])('%s keys are refused', (key) => {
    const result = parseDocument(`{"a": {"${key}": 1}}`, { file: 'p.json' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'FORBIDDEN_KEY', pointer: `/a/${key}` });
  });
});

describe('parseDocument: JSON Lines', () => {
  test('one value per line; locate gives the line; a bad line is reported, the rest kept', () => {
    const text = '{"name": "a"}\n\n{"name": oops}\n{"name": "c", "x": {"y": 1}}\n  {"name": "d"}\n';
    const result = parseDocument(text, { file: 't.jsonl' });
    expect(result.document?.syntax).toBe('jsonl');
    expect(result.document?.data).toEqual([{ name: 'a' }, { name: 'c', x: { y: 1 } }, { name: 'd' }]);
    expect(result.document?.locate('/1/x/y')).toEqual({ line: 4, column: 26 });
    expect(result.document?.locate('/0')).toEqual({ line: 1, column: 1 });
    expect(result.document?.locate('/2')).toEqual({ line: 5, column: 3 });
    expect(result.document?.locate('/2/name')).toEqual({ line: 5, column: 12 });
    expect(result.document?.locate('/3')).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 't.jsonl',
        line: 3,
        column: 10,
        message: "Invalid JSON: expected a value, found 'o'.",
      },
    ]);
  });

  test('a .json file holding JSON Lines (as BFCL data does) is read as JSON Lines', () => {
    const result = parseDocument('{"a": 1}\n{"a": 2}\n', { file: 'bfcl.json' });
    expect(result.document?.syntax).toBe('jsonl');
    expect(result.document?.data).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

describe('parseDocument: YAML', () => {
  test('locates values through the node tree', () => {
    const text = 'name: x\nparameters:\n  limit:\n    type: number\n  tags:\n    - a\n    - b\n';
    const { document } = parseDocument(text, { file: 't.yaml' });
    expect(document?.locate('/parameters/limit/type')).toEqual({ line: 4, column: 11 });
    expect(document?.locate('/parameters/tags/1')).toEqual({ line: 7, column: 7 });
    expect(document?.locate('/parameters/nope')).toBeUndefined();
  });

  test('a syntax error gives PARSE_ERROR with line and column', () => {
    const result = parseDocument('name: x\nparameters: [a, b\nother: 1\n', { file: 't.yml' });
    expect(result.diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 't.yml',
        line: 3,
        column: 1,
        message:
          'Invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
      },
    ]);
  });

  test('an alias bomb gives ALIAS_LIMIT', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [previous, name] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
    ] as const) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    expect(parseDocument(levels.join('\n'), { file: 'bomb.yaml' }).diagnostics).toEqual([
      {
        code: 'ALIAS_LIMIT',
        severity: 'error',
        file: 'bomb.yaml',
        message: 'YAML aliases expand too much (limit 100); refusing a possible alias bomb.',
      },
    ]);
  });

  test('deep block nesting is caught after parsing', () => {
    const lines = Array.from({ length: 250 }, (_, depth) => `${'  '.repeat(depth)}k${depth}:`);
    const result = parseDocument(`${lines.join('\n')} leaf\n`, { file: 'deep.yaml' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'NESTING_TOO_DEEP', file: 'deep.yaml' });
  });

  test('1,000-deep flow nesting is caught before parsing', () => {
    const result = parseDocument(`a: ${'['.repeat(1000)}${']'.repeat(1000)}\n`, { file: 'deep.yaml' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'NESTING_TOO_DEEP', line: 1, column: 204 });
  });

  test('__proto__ keys are refused', () => {
    const result = parseDocument('tool:\n  __proto__:\n    polluted: true\n', { file: 'p.yaml' });
    expect(result.diagnostics[0]).toMatchObject({
      code: 'FORBIDDEN_KEY',
      pointer: '/tool/__proto__',
      line: 3,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseDocument: TOML', () => {
  test('parses, and a syntax error carries the parser line/column', () => {
    expect(
      parseDocument('description = "x"\n[[parameters]]\nname = "a"\n', { file: 't.toml' }).document?.data,
    ).toEqual({
      description: 'x',
      parameters: [{ name: 'a' }],
    });
    expect(parseDocument('a = 1\nb = = 2\n', { file: 't.toml' }).diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 't.toml',
        line: 2,
        column: 5,
        message: 'Invalid TOML: invalid value.',
      },
    ]);
  });

  test('__proto__ keys are refused', () => {
    const result = parseDocument('[tool]\n"__proto__" = { polluted = true }\n', { file: 'p.toml' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'FORBIDDEN_KEY', pointer: '/tool/__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('1,000-deep inline arrays are caught before parsing', () => {
    const result = parseDocument(`a = ${'['.repeat(1000)}${']'.repeat(1000)}\n`, { file: 'deep.toml' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'NESTING_TOO_DEEP', line: 1 });
  });
});

describe('sniffSyntax (extensions that say nothing)', () => {
  test.each([
    { text: '{"a": 1}', syntax: 'json' },
    { text: '  [1, 2]', syntax: 'json' },
    { text: '{"a": 1}\n{"a": 2}\n', syntax: 'jsonl' },
    { text: '[tool]\nname = "x"\n', syntax: 'toml' },
    { text: '# comment\nname = "x"\n', syntax: 'toml' },
    { text: 'name: x\n', syntax: 'yaml' },
  ])('$syntax: $text', ({ text, syntax }) => {
    expect(sniffSyntax(text)).toBe(syntax);
    expect(parseDocument(text, { file: 'no-extension' }).document?.syntax).toBe(syntax);
  });
});

import { describe, expect, test } from 'vitest';
import { parseTool } from '../../src/loaders/parse-tool.js';

const valid = {
  id: 'weather.current',
  name: 'current',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  source: { format: 'mcp', file: 'w.json', pointer: '/tools/0' },
};

describe('parseTool', () => {
  test('a valid input becomes a Tool with defaults filled in', () => {
    const result = parseTool(valid, { source: { file: 'w.json' } });
    expect(result.diagnostics).toEqual([]);
    expect(result.tool).toMatchObject({ ...valid, keywords: [], conflicts: [], extensions: {} });
  });

  test('an invalid input is one METADATA_INVALID diagnostic with every issue, at its pointer', () => {
    const input = { ...valid, name: '', keywords: 'weather', parameters: undefined };
    const result = parseTool(input, {
      source: { file: 'w.json' },
      locate: (pointer) => (pointer === '/tools/0' ? { line: 3, column: 5 } : undefined),
    });
    expect(result.tool).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'METADATA_INVALID',
      severity: 'error',
      file: 'w.json',
      pointer: '/tools/0',
      line: 3,
      column: 5,
    });
    expect(result.diagnostics[0]?.message).toMatchInlineSnapshot(
      `"Tool "weather.current" does not match the tool model: ✖ Too small: expected string to have >=1 characters → at name; ✖ Invalid input: expected array, received string → at keywords; ✖ Invalid input: expected record, received undefined → at parameters"`,
    );
  });

  test('a non-object input is reported, with the pointer from the options', () => {
    const result = parseTool(42, { source: { file: 'x.json', pointer: '/3' } });
    expect(result.diagnostics).toEqual([
      {
        code: 'METADATA_INVALID',
        severity: 'error',
        file: 'x.json',
        pointer: '/3',
        message: 'Tool does not match the tool model: ✖ Invalid input: expected object, received number',
      },
    ]);
  });
});

import { describe, expect, test } from 'vitest';
import { loadTools } from '../../src/loaders/load-tools.js';

const mcpTools = {
  tools: [
    {
      name: 'search',
      description: 'Search the web.',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    },
  ],
};

describe('loadTools', () => {
  test('loads an already parsed value', () => {
    const { tools, diagnostics } = loadTools(mcpTools, { file: 'memory.json' });
    expect(diagnostics).toEqual([]);
    expect(tools.map((tool) => [tool.id, tool.source.format, tool.source.file])).toEqual([
      ['search', 'mcp', 'memory.json'],
    ]);
  });

  test('loads text, choosing the syntax from the file name or the option', () => {
    const yaml =
      'tools:\n  - name: search\n    description: Search the web.\n    inputSchema: {type: object}\n';
    expect(loadTools(yaml, { file: 'x.yaml' }).tools.map((tool) => tool.id)).toEqual(['search']);
    expect(loadTools(yaml, { syntax: 'yaml' }).tools.map((tool) => tool.source.file)).toEqual(['<input>']);
  });

  test('refuses prototype keys in a parsed value', () => {
    const value = JSON.parse('{"tools": [{"name": "x", "__proto__": {}}]}');
    expect(loadTools(value).diagnostics).toEqual([
      {
        code: 'FORBIDDEN_KEY',
        severity: 'error',
        file: '<input>',
        pointer: '/tools/0/__proto__',
        message: 'Key "__proto__" is not allowed (it could alter object prototypes); rename or remove it.',
      },
    ]);
  });

  test('bad text gives diagnostics, not exceptions', () => {
    expect(loadTools('{"tools": [', { file: 'x.json' })).toMatchObject({
      tools: [],
      diagnostics: [{ code: 'PARSE_ERROR' }],
    });
  });
});

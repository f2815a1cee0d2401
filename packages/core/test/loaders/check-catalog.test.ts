import { describe, expect, test } from 'vitest';
import { checkCatalog } from '../../src/loaders/check-catalog.js';
import { type Tool, ToolSchema } from '../../src/model/tool.js';

function tool(id: string, file: string, extra: Record<string, unknown> = {}): Tool {
  return ToolSchema.parse({
    id,
    name: id,
    description: `Does ${id}.`,
    parameters: { type: 'object' },
    source: { format: 'mcp', file, pointer: '', line: 2 },
    ...extra,
  });
}

describe('checkCatalog', () => {
  test('an id repeated in one file keeps the first and is an error', () => {
    const result = checkCatalog([tool('a', 'one.json'), tool('b', 'one.json'), tool('a', 'one.json')]);
    expect(result.tools.map((kept) => `${kept.id}:${kept.source.file}`)).toEqual([
      'a:one.json',
      'b:one.json',
    ]);
    expect(result.diagnostics).toEqual([
      {
        code: 'DUPLICATE_TOOL_ID',
        severity: 'error',
        file: 'one.json',
        pointer: '',
        line: 2,
        message:
          'Tool id "a" is already defined earlier in the same file (line 2); this definition is ignored. Ids must be unique in a catalog.',
      },
    ]);
  });

  test('an id repeated across files keeps both, the later one file-qualified, with a warning naming both files', () => {
    const result = checkCatalog([
      tool('a', 'one.json'),
      tool('a', 'dir/two.tools.json'),
      tool('a', 'two.json'),
    ]);
    expect(result.tools.map((kept) => `${kept.id}:${kept.source.file}`)).toEqual([
      'a:one.json',
      'a@two:dir/two.tools.json',
      'a@two~2:two.json',
    ]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.message])).toEqual([
      [
        'warning',
        'Tool id "a" is already defined in one.json (line 2); this one is kept as "a@two". Give it a unique id to choose its name.',
      ],
      [
        'warning',
        'Tool id "a" is already defined in one.json (line 2); this one is kept as "a@two~2". Give it a unique id to choose its name.',
      ],
    ]);
  });

  test('relations must name a known tool id or name; mcp:<server> conflicts are exempt', () => {
    const result = checkCatalog([
      tool('mail.send', 'm.json', {
        name: 'send',
        conflicts: [
          { tool: 'mcp:gmail', severity: 'high' },
          { tool: 'smtp', severity: 'low' },
        ],
        alternatives: [{ tool: 'draft' }],
        complements: [{ tool: 'mail.send' }, { tool: 'mcp:calendar' }],
      }),
      tool('draft', 'd.json'),
    ]);
    expect(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.message]),
    ).toEqual([
      [
        'UNKNOWN_TOOL_REFERENCE',
        'warning',
        'Tool "mail.send" names "smtp" in conflicts, but no tool with that id or name is in the catalog.',
      ],
      [
        'UNKNOWN_TOOL_REFERENCE',
        'warning',
        'Tool "mail.send" names "mcp:calendar" in complements, but no tool with that id or name is in the catalog.',
      ],
    ]);
  });

  test('an empty description is a warning', () => {
    expect(checkCatalog([tool('x', 'x.json', { description: '  ' })]).diagnostics).toEqual([
      {
        code: 'MISSING_DESCRIPTION',
        severity: 'warning',
        file: 'x.json',
        pointer: '',
        line: 2,
        message: 'Tool "x" has no description; selection relies on it, so add one.',
      },
    ]);
  });
});

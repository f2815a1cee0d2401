import type { Tool } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { createToolDeprecationTable, toolDeprecation } from '../../src/views/tool-deprecation.js';
import { makeTool } from '../fixtures/make-tool.js';

describe('toolDeprecation', () => {
  it.each([
    {
      case: 'a shouted marker naming its replacement',
      title: 'Open Page',
      description: 'Open a page of the wiki as text. DEPRECATED: Use open_page_text instead.',
      expected: { evidence: 'DEPRECATED: Use open_page_text instead.', replacementName: 'open_page_text' },
    },
    {
      case: 'a title that says it, the replacement in the description',
      title: 'Fetch Notes (Deprecated)',
      description: 'Fetch every note of a notebook. Use `list_notes` for new code.',
      expected: { evidence: 'Fetch Notes (Deprecated)', replacementName: 'list_notes' },
    },
    {
      case: 'a description that opens with it',
      description: 'Deprecated in favor of v2.search. Searches the archive.',
      expected: { evidence: 'Deprecated in favor of v2.search.', replacementName: 'v2.search' },
    },
    {
      case: '"this tool is deprecated", replaced by',
      description: 'Sends a fax. This tool is deprecated and replaced by send_document.',
      expected: {
        evidence: 'This tool is deprecated and replaced by send_document.',
        replacementName: 'send_document',
      },
    },
    {
      case: 'a bracketed marker and no replacement',
      description: '[deprecated] Lists the printers of the office.',
      expected: { evidence: '[deprecated] Lists the printers of the office.' },
    },
  ])('$case', ({ title, description, expected }) => {
    expect(toolDeprecation(makeTool({ id: 'tool', description, ...(title ? { title } : {}) }))).toEqual(
      expected,
    );
  });

  it('reads a format field `deprecated: true`', () => {
    const tool = makeTool({
      id: 'GET /v1/items',
      description: 'List items. Use the v2 listing for paging.',
      extensions: { openai: { deprecated: true } },
    });
    expect(toolDeprecation(tool)).toEqual({ evidence: 'deprecated: true', replacementName: 'v2' });
  });

  it.each([
    'Uploads a file with the modern API. Replaces deprecated files.upload (sunset in 2025).',
    'Future-proof: the endpoint it calls won’t be deprecated.',
    'Lists metrics; include_deprecated also returns deprecated metrics.',
    'Finds users. The `team` parameter is deprecated.',
  ])('is no deprecation when the description only mentions one: %s', (description) => {
    expect(toolDeprecation(makeTool({ id: 'tool', description }))).toBeUndefined();
  });
});

describe('createToolDeprecationTable', () => {
  const server = (name: string) => ({ server: { name, aliases: [] } });
  const catalog: Tool[] = [
    makeTool({
      id: 'files__read',
      description: 'Read a file. DEPRECATED: use read_text instead.',
      ...server('files'),
    }),
    makeTool({ id: 'files__read_text', description: 'Read a file as text.', ...server('files') }),
    // Another server's tool of the same name: not the replacement.
    makeTool({ id: 'wiki__read_text', description: 'Read a wiki page as text.', ...server('wiki') }),
    makeTool({ id: 'old.lookup', description: 'DEPRECATED: use find instead.' }),
    makeTool({ id: 'old.find', description: 'Find a record.' }),
    makeTool({ id: 'new.find', description: 'Find a record, faster.' }),
    makeTool({ id: 'search_old', description: 'DEPRECATED: use find instead.' }),
    makeTool({ id: 'lonely', description: 'DEPRECATED: use ghost instead.' }),
  ];
  const table = () =>
    createToolDeprecationTable({
      tools: () => catalog,
      tool: (id) => catalog.find((tool) => tool.id === id),
    });

  it.each([
    { id: 'files__read', replacement: 'files__read_text', why: 'the tool of the same server' },
    { id: 'old.lookup', replacement: 'old.find', why: 'the tool under the same name qualifier' },
    { id: 'search_old', replacement: undefined, why: 'two tools of that name, neither nearer' },
    { id: 'lonely', replacement: undefined, why: 'no tool of that name' },
  ])('$id: $replacement ($why)', ({ id, replacement }) => {
    expect(table().deprecationOf(id)?.replacement).toBe(replacement);
  });

  it('knows nothing of tools that say nothing, or are not in the catalog', () => {
    expect(table().deprecationOf('files__read_text')).toBeUndefined();
    expect(table().deprecationOf('missing')).toBeUndefined();
  });
});

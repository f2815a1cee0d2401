import { describe, expect, test } from 'vitest';
import { catalogFacets, filterCatalog } from '../../src/ui/catalog-filter.js';
import type { CatalogRow, CatalogRows } from '../../src/ui/catalog-rows.js';

const ROWS: CatalogRow[] = [
  {
    id: 'notes__create',
    name: 'create',
    server: 'notes',
    format: 'mcp',
    description: 'Create a note',
    codes: [],
  },
  {
    id: 'notes__delete',
    name: 'delete',
    server: 'notes',
    format: 'mcp',
    description: 'Delete a note',
    codes: ['DEPRECATED'],
  },
  {
    id: 'mail__send',
    name: 'send',
    server: 'mail',
    format: 'mcp',
    description: 'Send an email',
    codes: ['UNREACHABLE'],
  },
  { id: 'weather', name: 'weather', format: 'openai', description: 'Weather for a city', codes: [] },
];
const CATALOG: CatalogRows = {
  rows: ROWS,
  searchText: ROWS.map((row) => `${row.id}\n${row.name}\n${row.description}`.toLowerCase()),
};

describe('filterCatalog', () => {
  test.each([
    ['every tool', {}, ['notes__create', 'notes__delete', 'mail__send', 'weather']],
    ['words, in any case, all of them', { text: 'NOTE delete' }, ['notes__delete']],
    ['a server', { server: 'notes' }, ['notes__create', 'notes__delete']],
    ['a format', { format: 'openai' }, ['weather']],
    ['a code', { code: 'UNREACHABLE' }, ['mail__send']],
    ['any code', { code: 'any' }, ['notes__delete', 'mail__send']],
    ['filters together', { server: 'notes', code: 'any' }, ['notes__delete']],
    ['nothing that matches', { text: 'calendar' }, []],
  ])('%s', (_name, query, ids) => {
    const page = filterCatalog(CATALOG, { text: '', offset: 0, limit: 100, ...query });
    expect(page.tools.map((row) => row.id)).toEqual(ids);
    expect(page.total).toBe(ids.length);
  });

  test('a page is cut from the matches, the total counting them all', () => {
    const page = filterCatalog(CATALOG, { text: '', offset: 1, limit: 2 });
    expect(page).toMatchObject({ total: 4, offset: 1 });
    expect(page.tools.map((row) => row.id)).toEqual(['notes__delete', 'mail__send']);
  });
});

test('catalogFacets counts servers, formats and codes, the most frequent first', () => {
  expect(catalogFacets(ROWS)).toEqual({
    servers: [
      { value: 'notes', count: 2 },
      { value: 'mail', count: 1 },
    ],
    formats: [
      { value: 'mcp', count: 3 },
      { value: 'openai', count: 1 },
    ],
    codes: [
      { value: 'DEPRECATED', count: 1 },
      { value: 'UNREACHABLE', count: 1 },
    ],
  });
});

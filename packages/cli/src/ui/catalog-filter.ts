import type { CatalogRow, CatalogRows } from './catalog-rows.js';

/** What the catalog panel asks for: words to find, the facets to keep, and a page. */
export interface CatalogQuery {
  /** Words that must all appear in the tool's id, name, title, description or keywords (any case). */
  text: string;
  server?: string | undefined;
  format?: string | undefined;
  /** A diagnostic or finding code; `any` keeps every tool that has one. */
  code?: string | undefined;
  offset: number;
  limit: number;
}

/** A page of the tools that match, with how many match in all and the facets of the whole catalog. */
export interface CatalogPage {
  total: number;
  offset: number;
  tools: CatalogRow[];
}

/** The facets the filters offer, each value with its count (server names, formats, codes). */
export interface CatalogFacets {
  servers: Array<{ value: string; count: number }>;
  formats: Array<{ value: string; count: number }>;
  codes: Array<{ value: string; count: number }>;
}

/** Filter the rows by `query` and cut the page; rows keep the catalog's order. */
export function filterCatalog(catalog: CatalogRows, query: CatalogQuery): CatalogPage {
  const words = query.text.toLowerCase().split(/\s+/).filter(Boolean);
  const matching: CatalogRow[] = [];
  catalog.rows.forEach((row, index) => {
    if (query.server !== undefined && row.server !== query.server) return;
    if (query.format !== undefined && row.format !== query.format) return;
    if (query.code !== undefined && !hasCode(row, query.code)) return;
    const text = catalog.searchText[index] ?? '';
    if (words.some((word) => !text.includes(word))) return;
    matching.push(row);
  });
  return {
    total: matching.length,
    offset: query.offset,
    tools: matching.slice(query.offset, query.offset + query.limit),
  };
}

/** Every server, format and code of the rows, with counts, most frequent first (ties by value). */
export function catalogFacets(rows: readonly CatalogRow[]): CatalogFacets {
  return {
    servers: countValues(rows.flatMap((row) => (row.server === undefined ? [] : [row.server]))),
    formats: countValues(rows.map((row) => row.format)),
    codes: countValues(rows.flatMap((row) => row.codes)),
  };
}

// --- internal ---

function hasCode(row: CatalogRow, code: string): boolean {
  return code === 'any' ? row.codes.length > 0 : row.codes.includes(code);
}

function countValues(values: readonly string[]): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

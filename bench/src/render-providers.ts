import type { EvalSummary } from '@toolsift/selector';
import type { BenchMeta } from './bench-results.js';
import { LOADED_PER_SEARCH, TOKENIZER, type TokenRow } from './provider-tokens.js';

/** One search's ranking metrics on one bench row. */
export interface ProviderAccuracy {
  row: string;
  search: 'toolsift' | 'regex' | 'bm25 (names, descriptions)';
  queries: number;
  summary: EvalSummary;
}

/** The providers bench as Markdown: `full` for docs/providers.md and the results file. */
export function renderProviders(input: {
  tokens: readonly TokenRow[];
  accuracy: readonly ProviderAccuracy[];
  meta: BenchMeta;
}): { full: string } {
  const { tokens, accuracy, meta } = input;
  const date = meta.date.slice(0, 10);
  const tokenTable = table(
    ['API', 'tools', 'all sent', 'toolsift search', 'provider search', 'saved by deferring'],
    tokens.map((row) => [
      row.api,
      String(row.tools),
      thousands(row.allSent),
      thousands(row.toolsiftSearch),
      thousands(row.providerSearch),
      `${((1 - row.toolsiftSearch / row.allSent) * 100).toFixed(1)}%`,
    ]),
  );
  const fullAccuracy = table(
    ['dataset', 'queries', 'search', 'top-1', 'R@5', 'nDCG@10'],
    accuracy.map((entry) => [
      entry.row,
      String(entry.queries),
      entry.search,
      fixed(entry.summary.top1),
      fixed(entry.summary['recall@5']),
      fixed(entry.summary['ndcg@10']),
    ]),
  );
  const rows = [...new Set(accuracy.map((entry) => entry.row))];
  const sideBySide = table(
    ['dataset', 'queries', 'top-1', 'R@5', 'nDCG@10'],
    rows.map((row) => {
      const of = (search: ProviderAccuracy['search']) =>
        accuracy.find((entry) => entry.row === row && entry.search === search)!;
      const triple = (metric: 'top1' | 'recall@5' | 'ndcg@10') =>
        SEARCHES.map((search) => fixed(of(search).summary[metric])).join(' / ');
      return [row, String(of('toolsift').queries), triple('top1'), triple('recall@5'), triple('ndcg@10')];
    }),
  );
  const method = [
    `Measured on ${date} by \`pnpm bench:providers\` (bench/src/providers.ts) with the \`${meta.embedder}\` embedder, in ${meta.minutes} min.`,
    `Tokens: the JSON of the tool definitions of one request, counted with ${TOKENIZER} (OpenAI's tokenizer; Anthropic's`,
    'is not public, so the Anthropic column is an estimate with the same tokenizer). A search loads',
    `${LOADED_PER_SEARCH} tools, counted as ${LOADED_PER_SEARCH} times the catalog's mean definition; the provider's search tool counts as`,
    'declared (`tool_search_tool_bm25_20251119`, `{"type": "tool_search"}`), without the instructions the provider adds.',
    'Catalogs: the first N tools of metadata/ and the bench datasets, interleaved.',
    'Accuracy: the held-out queries of every `pnpm bench:accuracy` row, ranking over the catalog (or the',
    "query's candidates), abstention off. regex: the query's content words (3+ letters or digits, not stop words) as one",
    'case-insensitive alternation, as a model writes one (`flights|paris`), over name and description; tools rank by',
    'distinct words matched. BM25: Okapi (k1 1.2, b 0.75) over name and description, words split at camelCase and',
    'snake_case, stop words removed, no stemming.',
  ].join('\n');
  const full = [
    method,
    '',
    '### Tool-definition tokens per request',
    '',
    tokenTable,
    '',
    '### What a search loads: toolsift against the provider-style searches',
    '',
    'Each cell: toolsift / regex / BM25 over names and descriptions, on the same queries in one run.',
    '',
    sideBySide,
    '',
    'Every metric:',
    '',
    fullAccuracy,
    '',
  ].join('\n');
  return { full };
}

// --- internal ---

const SEARCHES = ['toolsift', 'regex', 'bm25 (names, descriptions)'] as const;

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function fixed(value: number): string {
  return value.toFixed(3);
}

function thousands(value: number): string {
  return value.toLocaleString('en-US');
}

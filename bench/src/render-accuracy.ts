import type { EvalSummary, RankingMethod } from '@toolsift/selector';
import { BENCH_ROWS } from './bench-datasets.js';

/** One measured cell group: a row, a method, its metrics. */
export interface AccuracyResult {
  row: string;
  method: RankingMethod | 'toolsift+learning';
  queries: number;
  summary: EvalSummary;
}

const PEER_ROWS = ['metatool single', 'metatool multi', 'toolbench-stable'] as const;

/** README reference figures (../shared/bench/README.md): a peer and its nDCG@10 on each of `PEER_ROWS`, in order. */
const PEERS: ReadonlyArray<readonly [peer: string, ...ndcg: number[]]> = [
  ['ai-tool-retriever (dense, USE-lite)', 0.622, 0.52, 0.362],
  ['bigtool-ts (Orama vector, USE-lite)', 0.597, 0.472, 0.36],
  ['bigtool-ts (Orama hybrid, USE-lite)', 0.398, 0.404, 0.365],
  ['Matimo TF-IDF tool search', 0.467, 0.399, 0.667],
  ['Orama hybrid (defaults)', 0.227, 0.202, 0.27],
  ['MiniSearch (defaults)', 0.315, 0.22, 0.194],
];

/** The full accuracy report: every row and method, the peers, abstention. */
export function renderAccuracyMarkdown(options: {
  results: readonly AccuracyResult[];
  abstention: readonly AccuracyResult[];
  meta: { embedder: string; minutes: number; date: string };
}): string {
  const { results, abstention, meta } = options;
  const lines = [
    '# Retrieval accuracy',
    '',
    `Written by \`pnpm bench\` (bench/src/run.ts) on ${meta.date.slice(0, 10)} with the \`${meta.embedder}\` embedder, in ${meta.minutes} min.`,
    'Queries: the held-out half of each dataset (split by a hash of the query id; seal-tools: its test splits), never',
    `used for tuning; a half longer than its row's cap is subsampled evenly (${caps()}). Ranking`,
    'metrics are measured with abstention off; `toolbench-stable` ranks over the whole catalog like the README',
    "references, `(candidates)` rows rank within each query's own candidate list.",
    '',
    ...markdownTable(
      ['dataset', 'queries', 'method', 'top-1', 'R@1', 'R@5', 'R@10', 'nDCG@10', 'MRR'],
      results.map((result) => {
        const s = result.summary;
        const cells = [s.top1, s['recall@1'], s['recall@5'], s['recall@10'], s['ndcg@10'], s.mrr].map(
          formatFigure,
        );
        return [result.row, String(result.queries), result.method, ...cells];
      }),
    ),
    '',
    '## Against the open-source peers (nDCG@10; peer figures from ../shared/bench/README.md)',
    '',
    ...markdownTable(
      ['system', ...PEER_ROWS],
      [
        ...PEERS.map(([peer, ...ndcg]) => [peer, ...ndcg.map(formatFigure)]),
        [
          '**toolsift**',
          ...PEER_ROWS.map(
            (row) => `**${formatFigure(find(results, row, 'toolsift')?.summary['ndcg@10'])}**`,
          ),
        ],
      ],
    ),
    '',
    'The peers were measured on every 10th single query of the full MetaTool set; toolsift on the held-out half',
    'of the distributed dev split (2,000 sampled), so the two sets differ but come from the same distribution.',
    '',
    '## With every default on (abstention included)',
    '',
    "The engine as users run it: `abstain: 'auto'` selects nothing only on strong evidence that nothing fits, and",
    'flags a weaker fit with a `LOW_FIT` warning, tools kept. Right: share of `gold: []` queries with nothing',
    'selected; wrong: share of answerable queries with nothing selected; flagged: shares with a LOW_FIT warning and',
    'their tools kept. nDCG@10 counts an answerable query abstained on as 0. How the abstention model carries over to',
    'a dataset it never saw (each scored by a model fitted without it): [abstention.md](abstention.md).',
    '',
    ...markdownTable(
      [
        'dataset',
        'nDCG@10',
        'ranking only',
        'max(BM25, dense) - 0.005',
        'right / flagged on `gold: []`',
        'wrong / flagged on answerable',
      ],
      abstention.map((result) => {
        const s = result.summary;
        const ranking = find(results, result.row, result.method)?.summary['ndcg@10'];
        return [
          result.row,
          formatFigure(s['ndcg@10']),
          formatFigure(ranking),
          formatFigure(ingredientsBar(results, result.row)),
          `${formatFigure(s.abstain_correct)} / ${formatFigure(s.low_fit_correct)}`,
          `${formatFigure(s.abstain_wrong)} / ${formatFigure(s.low_fit_answerable)}`,
        ];
      }),
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** The short table for the README: nDCG@10 per dataset and method (best in bold), plus toolsift's top-1 and R@5. */
export function renderReadmeSummary(options: {
  results: readonly AccuracyResult[];
  abstention?: readonly AccuracyResult[];
  meta: { embedder: string };
}): string {
  const rows = [
    ...new Set(
      options.results.filter((result) => result.method !== 'toolsift+learning').map((result) => result.row),
    ),
  ];
  const body = rows.map((row) => {
    const ndcg = (['bm25', 'dense', 'toolsift'] as const).map(
      (method) => find(options.results, row, method)?.summary['ndcg@10'],
    );
    const best = Math.max(...ndcg.map((value) => value ?? 0));
    const toolsift = find(options.results, row, 'toolsift')?.summary;
    const defaults = find(options.abstention ?? [], row, 'toolsift')?.summary['ndcg@10'];
    const bar = ingredientsBar(options.results, row);
    return [
      row,
      ...ndcg.map((value) => (value === best ? `**${formatFigure(value)}**` : formatFigure(value))),
      `${formatFigure(defaults)}${defaults !== undefined && bar !== undefined && defaults < bar ? ' (below)' : ''}`,
      `${formatFigure(toolsift?.top1)} / ${formatFigure(toolsift?.['recall@5'])}`,
    ];
  });
  const learned = options.results
    .filter((result) => result.method === 'toolsift+learning')
    .map((result) => [
      result.row,
      '',
      '',
      `**${formatFigure(result.summary['ndcg@10'])}**`,
      formatFigure(find(options.abstention ?? [], result.row, result.method)?.summary['ndcg@10']),
      `${formatFigure(result.summary.top1)} / ${formatFigure(result.summary['recall@5'])}`,
    ]);
  const lines = [
    `nDCG@10 on held-out public benchmark queries (\`pnpm bench\`, embedder \`${options.meta.embedder}\`; details in`,
    '[bench/results/accuracy.md](bench/results/accuracy.md)):',
    '',
    ...markdownTable(
      [
        'dataset',
        'BM25 alone',
        'dense alone',
        'toolsift ranking',
        'toolsift, every default on',
        'ranking top-1 / R@5',
      ],
      [...body, ...learned],
    ),
    '',
    ...abstentionSummary(options.abstention ?? []),
  ];
  return `${lines.join('\n')}\n`;
}

/** A markdown table with padded columns. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, 3, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)];
}

/** A figure as the bench tables print it: three decimals, '–' when there is none. */
export function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(3);
}

// --- internal ---

/** One paragraph: right and wrong abstention where there are `gold: []` queries, wrong abstention elsewhere. */
function abstentionSummary(results: readonly AccuracyResult[]): string[] {
  // The learned row's defaults-on figure is in its table row, not in this paragraph.
  const abstention = results.filter((result) => result.method === 'toolsift');
  if (abstention.length === 0) return [];
  const negatives = abstention.filter((result) => result.summary.abstain_correct !== null);
  const answerable = abstention.filter((result) => result.summary.abstain_correct === null);
  return [
    '`toolsift ranking` is measured with abstention off; `every default on` includes abstention (`auto`) and counts an ' +
      'answerable query abstained on as 0; "(below)" marks a row under the better of BM25 and dense minus 0.005. ' +
      'Abstention (held-out halves): nothing selected / LOW_FIT flagged on `gold: []` queries, then nothing selected ' +
      `on answerable ones: ${negatives.map((result) => `${result.row} ${formatFigure(result.summary.abstain_correct)} / ${formatFigure(result.summary.low_fit_correct)}, ${formatFigure(result.summary.abstain_wrong)}`).join('; ')}; ` +
      `nothing selected on answerable queries elsewhere: ${answerable.map((result) => `${result.row} ${formatFigure(result.summary.abstain_wrong)}`).join(', ')}.`,
    '',
  ];
}

/** The better of BM25 alone and dense alone, minus 0.005: the least the full engine should reach. */
function ingredientsBar(results: readonly AccuracyResult[], row: string): number | undefined {
  const bm25 = find(results, row, 'bm25')?.summary['ndcg@10'];
  const dense = find(results, row, 'dense')?.summary['ndcg@10'];
  return bm25 === undefined || dense === undefined ? undefined : Math.max(bm25, dense) - 0.005;
}

function find(
  results: readonly AccuracyResult[],
  row: string,
  method: AccuracyResult['method'],
): AccuracyResult | undefined {
  return results.find((result) => result.row === row && result.method === method);
}

/** The rows' query caps as prose, e.g. "bfcl (candidates) 1,500, gorilla-apibench 1,000". */
function caps(): string {
  const capped = BENCH_ROWS.filter((row) => row.limit !== undefined);
  return capped.map((row) => `${row.label} ${row.limit!.toLocaleString('en-US')}`).join(', ') || 'none';
}

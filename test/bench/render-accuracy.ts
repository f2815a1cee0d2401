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
    `Written by \`pnpm bench\` (test/bench/run.ts) on ${meta.date.slice(0, 10)} with the \`${meta.embedder}\` embedder, in ${meta.minutes} min.`,
    'Queries: the held-out half of each dataset (split by a hash of the query id; seal-tools: its test splits), never',
    `used for tuning; a half longer than its row's cap is subsampled evenly (${caps()}). Ranking`,
    'metrics are measured with abstention off; `toolbench-stable` ranks over the whole catalog like the README',
    "references, `(candidates)` rows rank within each query's own candidate list.",
    '',
    ...markdownTable(
      ['dataset', 'queries', 'method', 'top-1', 'R@1', 'R@5', 'R@10', 'nDCG@10', 'MRR'],
      results.map((result) => {
        const s = result.summary;
        const cells = [s.top1, s['recall@1'], s['recall@5'], s['recall@10'], s['ndcg@10'], s.mrr].map(format);
        return [result.row, String(result.queries), result.method, ...cells];
      }),
    ),
    '',
    '## Against the open-source peers (nDCG@10; peer figures from ../shared/bench/README.md)',
    '',
    ...markdownTable(
      ['system', ...PEER_ROWS],
      [
        ...PEERS.map(([peer, ...ndcg]) => [peer, ...ndcg.map(format)]),
        [
          '**toolsift**',
          ...PEER_ROWS.map((row) => `**${format(find(results, row, 'toolsift')?.summary['ndcg@10'])}**`),
        ],
      ],
    ),
    '',
    'The peers were measured on every 10th single query of the full MetaTool set; toolsift on the held-out half',
    'of the distributed dev split (2,000 sampled), so the two sets differ but come from the same distribution.',
    '',
    '## Abstention (toolsift as shipped, abstention on, default threshold 0.5)',
    '',
    'Share of `gold: []` queries where nothing was selected (right) and of answerable queries where nothing was',
    'selected (wrong). The model (signals plus a head over the prompt embedding for `use-lite`) was fitted on the',
    'tune halves of these rows and calibrated out-of-fold for at most 0.05 wrong on metatool awareness and on bfcl',
    '(test/bench/abstention.ts --fit); these are the held-out halves. Target: >= 0.70 right with <= 0.10 wrong on',
    'metatool awareness.',
    '',
    ...markdownTable(
      ['dataset', 'abstained on `gold: []`', 'abstained on answerable', 'top-1 with abstention'],
      abstention.map((result) => [
        result.row,
        format(result.summary.abstain_correct),
        format(result.summary.abstain_wrong),
        format(result.summary.top1),
      ]),
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
    return [
      row,
      ...ndcg.map((value) => (value === best ? `**${format(value)}**` : format(value))),
      `${format(toolsift?.top1)} / ${format(toolsift?.['recall@5'])}`,
    ];
  });
  const learned = options.results
    .filter((result) => result.method === 'toolsift+learning')
    .map((result) => [
      result.row,
      '',
      '',
      `**${format(result.summary['ndcg@10'])}**`,
      `${format(result.summary.top1)} / ${format(result.summary['recall@5'])}`,
    ]);
  const lines = [
    `nDCG@10 on held-out public benchmark queries (\`pnpm bench\`, embedder \`${options.meta.embedder}\`; details in`,
    '[bench/results/accuracy.md](bench/results/accuracy.md)):',
    '',
    ...markdownTable(
      ['dataset', 'BM25 alone', 'dense alone', 'toolsift', 'toolsift top-1 / R@5'],
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

// --- internal ---

/** One paragraph: right and wrong abstention where there are `gold: []` queries, wrong abstention elsewhere. */
function abstentionSummary(abstention: readonly AccuracyResult[]): string[] {
  if (abstention.length === 0) return [];
  const negatives = abstention.filter((result) => result.summary.abstain_correct !== null);
  const answerable = abstention.filter((result) => result.summary.abstain_correct === null);
  return [
    'Abstention (default threshold; held-out halves): abstained on `gold: []` / on answerable queries ' +
      `${negatives.map((result) => `${result.row} ${format(result.summary.abstain_correct)} / ${format(result.summary.abstain_wrong)}`).join(', ')}; ` +
      `wrongly abstained elsewhere: ${answerable.map((result) => `${result.row} ${format(result.summary.abstain_wrong)}`).join(', ')}.`,
    '',
  ];
}

function find(
  results: readonly AccuracyResult[],
  row: string,
  method: AccuracyResult['method'],
): AccuracyResult | undefined {
  return results.find((result) => result.row === row && result.method === method);
}

function format(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(3);
}

/** The rows' query caps as prose, e.g. "bfcl (candidates) 1,500, gorilla-apibench 1,000". */
function caps(): string {
  const capped = BENCH_ROWS.filter((row) => row.limit !== undefined);
  return capped.map((row) => `${row.label} ${row.limit!.toLocaleString('en-US')}`).join(', ') || 'none';
}

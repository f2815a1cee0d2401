import { formatFigure as format, markdownTable } from './render-accuracy.js';

/** The three ways the first-contact suite is run, side by side in one run. */
export const FIRST_CONTACT_COLUMNS = ['with shipped overlays', 'without overlays', 'BM25 alone'] as const;
export type FirstContactColumn = (typeof FIRST_CONTACT_COLUMNS)[number];

/** Whether a column was measured, and why not when it was not. */
export interface FirstContactColumnRun {
  column: FirstContactColumn;
  isMeasured: boolean;
  /** How it ran, or why it could not. */
  note: string;
}

/** One prompt and the top 5 each measured column returned for it (empty: nothing returned). */
export interface FirstContactPrompt {
  /** The prompt file's server (`no-tool` for the prompts that need no tool). */
  server: string;
  id: string;
  query: string;
  /** Every tool that is right (`[]`: no tool is). */
  gold: string[];
  ranked: Partial<Record<FirstContactColumn, string[]>>;
}

/** One column's figures over a group of prompts. */
export interface FirstContactFigures {
  top1: number;
  recall5: number;
  /** Answerable prompts that came back with no tool. */
  emptied: number;
  /** No-tool prompts that came back with no tool. */
  abstained: number;
}

/** A server (or a group of servers, or `overall`): how many prompts, and each measured column's figures. */
export interface FirstContactRow {
  group: string;
  answerable: number;
  noTool: number;
  figures: Partial<Record<FirstContactColumn, FirstContactFigures>>;
}

/** The groups of the README summary: each a label and the prompt files (servers) it holds. */
export const SUMMARY_GROUPS: ReadonlyArray<{ label: string; servers: readonly string[] }> = [
  { label: 'reference servers', servers: ['filesystem', 'memory', 'everything', 'sequential-thinking'] },
  {
    label: 'archived reference servers',
    servers: ['github-archived', 'slack', 'postgres', 'puppeteer', 'brave-search'],
  },
  { label: "GitHub's MCP server", servers: ['github'] },
  { label: 'registry servers', servers: ['notion', 'stripe', 'sentry', 'gmail'] },
];

/** Rows per server (in `servers` order), per summary group, and overall. */
export function firstContactRows(options: {
  prompts: readonly FirstContactPrompt[];
  servers: readonly string[];
  columns: readonly FirstContactColumnRun[];
}): { perServer: FirstContactRow[]; groups: FirstContactRow[] } {
  const { prompts, columns } = options;
  const row = (group: string, servers: readonly string[]): FirstContactRow => {
    const answerable = prompts.filter((prompt) => servers.includes(prompt.server) && prompt.gold.length > 0);
    // The no-tool prompts belong to no server: they count in `overall` only.
    const noTool = group === 'overall' ? prompts.filter((prompt) => prompt.gold.length === 0) : [];
    const figures: FirstContactRow['figures'] = {};
    for (const { column, isMeasured } of columns) {
      if (isMeasured) figures[column] = figuresOf(column, answerable, noTool);
    }
    return { group, answerable: answerable.length, noTool: noTool.length, figures };
  };
  const servers = options.servers.filter((server) => prompts.some((prompt) => prompt.server === server));
  return {
    perServer: servers.map((server) => row(server, [server])),
    groups: [
      ...SUMMARY_GROUPS.filter((group) => group.servers.some((server) => servers.includes(server))).map(
        (group) => row(group.label, group.servers),
      ),
      row('overall', servers),
    ],
  };
}

/** A prompt a column gets wrong: the right tool not first (or not in the top 5), or tools for a no-tool prompt. */
export interface FirstContactMiss {
  column: FirstContactColumn;
  prompt: FirstContactPrompt;
  isOutOfTop5: boolean;
}

/** The misses of a column, worst first: answerable prompts with no right tool in the top 5, then not first. */
export function firstContactMisses(
  prompts: readonly FirstContactPrompt[],
  column: FirstContactColumn,
): FirstContactMiss[] {
  const misses: FirstContactMiss[] = [];
  for (const prompt of prompts) {
    const ranked = prompt.ranked[column];
    if (ranked === undefined || prompt.gold.length === 0) continue;
    if (ranked[0] !== undefined && prompt.gold.includes(ranked[0])) continue;
    const isOutOfTop5 = !ranked.slice(0, 5).some((name) => prompt.gold.includes(name));
    misses.push({ column, prompt, isOutOfTop5 });
  }
  return misses.sort((a, b) => Number(b.isOutOfTop5) - Number(a.isOutOfTop5));
}

/** bench/results/first-contact.md: the figures per group and per server, then each gateway column's misses. */
export function renderFirstContactMarkdown(options: {
  perServer: readonly FirstContactRow[];
  groups: readonly FirstContactRow[];
  columns: readonly FirstContactColumnRun[];
  prompts: readonly FirstContactPrompt[];
  tools: Readonly<Record<string, number>>;
  meta: { embedder: string; minutes: number; date: string };
}): string {
  const { columns, prompts, meta } = options;
  const lines = [
    '# First contact',
    '',
    `Written by \`pnpm bench:first-contact\` (bench/src/first-contact.ts) on ${meta.date.slice(0, 10)} with the`,
    `\`${meta.embedder}\` embedder, in ${meta.minutes} min. The prompts are test/first-contact/*.jsonl (see its`,
    'README): written by hand in the words users type to an agent that has these servers, never used for tuning.',
    '`toolsift gateway` runs over stdio in front of all the servers at once (the reference servers started from',
    "their npm packages, GitHub's MCP server and the registry servers served from their recorded tool lists), and",
    'each prompt is one `search_tools` call with k = 5. A prompt counts as right when a tool of its gold list (every',
    'tool that is right for it) comes first (top-1) or in the top 5 (R@5). "emptied": answerable prompts that came',
    'back with no tool; "abstained": no-tool prompts that came back with none.',
    '',
    ...columns.map((run) => `- **${run.column}**: ${run.note}`),
    '',
    `Tools per server: ${Object.entries(options.tools)
      .map(([server, count]) => `${server} ${count}`)
      .join(', ')}.`,
    '',
    ...figuresTable(options.groups, columns),
    '',
    '## Per server',
    '',
    ...figuresTable(options.perServer, columns),
  ];
  for (const run of columns) {
    if (!run.isMeasured || run.column === 'BM25 alone') continue;
    const misses = firstContactMisses(prompts, run.column);
    lines.push(
      '',
      `## Misses ${run.column} (${misses.length}; ${misses.filter((miss) => miss.isOutOfTop5).length} with no right tool in the top 5)`,
      '',
      ...markdownTable(
        ['id', 'prompt', 'expected', 'got (top 3)', 'in top 5'],
        misses.map(({ prompt, isOutOfTop5 }) => [
          prompt.id,
          cell(prompt.query),
          prompt.gold.length === 1 ? prompt.gold[0]! : `${prompt.gold[0]} (+${prompt.gold.length - 1})`,
          (prompt.ranked[run.column] ?? []).slice(0, 3).join(', ') || '(nothing)',
          isOutOfTop5 ? 'no' : 'yes',
        ]),
      ),
    );
    const selected = prompts.filter(
      (prompt) => prompt.gold.length === 0 && (prompt.ranked[run.column] ?? []).length > 0,
    );
    lines.push(
      '',
      `No-tool prompts that got tools ${run.column}: ${selected.length} of ${prompts.filter((prompt) => prompt.gold.length === 0).length}${selected.length === 0 ? '.' : ':'}`,
      ...selected.map(
        (prompt) => `- "${prompt.query}" → ${(prompt.ranked[run.column] ?? []).slice(0, 3).join(', ')}`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The block of docs/results.md: the summary groups side by side, and the emptied counts. */
export function renderFirstContactSummary(options: {
  groups: readonly FirstContactRow[];
  columns: readonly FirstContactColumnRun[];
  date: string;
}): string {
  const { groups, columns } = options;
  const overall = groups.find((row) => row.group === 'overall');
  const measured = columns.filter((run) => run.isMeasured);
  const emptied = measured
    .filter((run) => run.column !== 'BM25 alone')
    .map((run) => `${overall?.figures[run.column]?.emptied ?? 0} ${run.column}`)
    .join(', ');
  const abstained = measured
    .filter((run) => run.column !== 'BM25 alone')
    .map((run) => `${overall?.figures[run.column]?.abstained ?? 0} ${run.column}`)
    .join(', ');
  const missing = columns.filter((run) => !run.isMeasured);
  return [
    `First contact (\`pnpm bench:first-contact\`, [bench/results/first-contact.md](../bench/results/first-contact.md),`,
    `measured on ${options.date.slice(0, 10)}): ${overall?.answerable ?? 0} prompts we wrote in users' words, and ${overall?.noTool ?? 0} that need no`,
    "tool, over the reference MCP servers started from npm, GitHub's MCP server and four registry servers (from",
    'their recorded tool lists), all behind one `toolsift gateway`; each prompt is one `search_tools` call, top-1 /',
    'R@5 (a prompt with several right tools counts any of them):',
    '',
    ...markdownTable(
      ['servers', 'prompts', ...columns.map((run) => run.column)],
      groups.map((row) => [
        row.group,
        String(row.answerable),
        ...columns.map((run) => {
          const figures = row.figures[run.column];
          return figures === undefined
            ? 'not measured'
            : `${format(figures.top1)} / ${format(figures.recall5)}`;
        }),
      ]),
    ),
    '',
    `Answerable prompts emptied: ${emptied}; no-tool prompts emptied: ${abstained}.` +
      (missing.length === 0
        ? ''
        : ` Not measured: ${missing.map((run) => `${run.column} (${run.note})`).join('; ')}.`),
    '',
  ].join('\n');
}

// --- internal ---

function figuresOf(
  column: FirstContactColumn,
  answerable: readonly FirstContactPrompt[],
  noTool: readonly FirstContactPrompt[],
): FirstContactFigures {
  const rankedOf = (prompt: FirstContactPrompt) => prompt.ranked[column] ?? [];
  const share = (count: number) => (answerable.length === 0 ? 0 : round(count / answerable.length));
  return {
    top1: share(answerable.filter((prompt) => prompt.gold.includes(rankedOf(prompt)[0] ?? '')).length),
    recall5: share(
      answerable.filter((prompt) =>
        rankedOf(prompt)
          .slice(0, 5)
          .some((name) => prompt.gold.includes(name)),
      ).length,
    ),
    emptied: answerable.filter((prompt) => rankedOf(prompt).length === 0).length,
    abstained: noTool.filter((prompt) => rankedOf(prompt).length === 0).length,
  };
}

function figuresTable(rows: readonly FirstContactRow[], columns: readonly FirstContactColumnRun[]): string[] {
  const measured = columns.filter((run) => run.isMeasured);
  return markdownTable(
    [
      'servers',
      'answerable / no-tool',
      ...measured.flatMap((run) => [`${run.column}: top-1`, 'R@5', 'emptied']),
    ],
    rows.map((row) => [
      row.group,
      `${row.answerable} / ${row.noTool}`,
      ...measured.flatMap((run) => {
        const figures = row.figures[run.column];
        const emptied =
          figures === undefined
            ? '–'
            : `${figures.emptied}${row.noTool > 0 ? ` (no-tool abstained ${figures.abstained}/${row.noTool})` : ''}`;
        return [format(figures?.top1), format(figures?.recall5), emptied];
      }),
    ]),
  );
}

/** A prompt in a table cell: pipes escaped. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

import type { EvalSummary } from '@toolsift/selector';
import { formatFigure as format, markdownTable } from './render-accuracy.js';

/** The four ways the real-prompt suite is run. */
export const REAL_PROMPT_METHODS = [
  'BM25 alone',
  'dense alone',
  'toolsift, ranking only',
  'toolsift, defaults',
] as const;
export type RealPromptMethod = (typeof REAL_PROMPT_METHODS)[number];

/** One catalog (or `overall`) run one way. */
export interface RealPromptResult {
  catalog: string;
  method: RealPromptMethod;
  answerable: number;
  noTool: number;
  summary: EvalSummary;
}

/** A prompt the default pipeline gets wrong: answerable with no gold tool in its top 5, or no-tool with tools. */
export interface RealPromptMiss {
  catalog: string;
  id: string;
  query: string;
  /** The first gold tool of each needed group (empty: the prompt needs no tool). */
  gold: string[];
  /** The first tools the default pipeline returned (empty: it abstained). */
  got: string[];
}

/** bench/results/real-prompts.md: the table per catalog and overall, then every prompt the defaults get wrong. */
export function renderRealPromptsMarkdown(options: {
  results: readonly RealPromptResult[];
  misses: readonly RealPromptMiss[];
  falseSelections: readonly RealPromptMiss[];
  meta: { embedder: string; minutes: number; date: string };
}): string {
  const { results, misses, falseSelections, meta } = options;
  const lines = [
    '# Real prompts',
    '',
    `Written by \`pnpm bench:real-prompts\` (bench/src/real-prompts.ts) on ${meta.date.slice(0, 10)} with the`,
    `\`${meta.embedder}\` embedder, in ${meta.minutes} min. The prompts are test/real-prompts/*.jsonl (see its README):`,
    'written by hand in the words users type, against three catalogs in ../shared/corpora, never used for tuning.',
    'Every run keeps tools whose credentials are missing on the bench machine (`includeUnavailable`), so the',
    'figures do not depend on which API keys are set. "ranking only" is toolsift with `abstain: false`;',
    '"defaults" is toolsift as shipped, abstention on. Abstention: share of the no-tool prompts where nothing',
    'was selected (right) and of the answerable prompts where nothing was selected (wrong).',
    '',
    ...markdownTable(
      [
        'catalog',
        'answerable / no-tool',
        'method',
        'top-1',
        'R@5',
        'nDCG@10',
        'abstained: right',
        'abstained: wrong',
      ],
      results.map((result) => {
        const s = result.summary;
        const isAbstaining = result.method === 'toolsift, defaults';
        return [
          result.catalog,
          `${result.answerable} / ${result.noTool}`,
          result.method,
          format(s.top1),
          format(s['recall@5']),
          format(s['ndcg@10']),
          isAbstaining ? format(s.abstain_correct) : '–',
          isAbstaining ? format(s.abstain_wrong) : '–',
        ];
      }),
    ),
    '',
    `## Misses of the default pipeline (${misses.length})`,
    '',
    'Answerable prompts whose top 5 (defaults, abstention on) holds none of the gold tools. "got" is what came',
    'first; "(none)" means the pipeline abstained.',
    '',
    ...failureTable(misses, true),
    '',
    `## No-tool prompts where the default pipeline still selected tools (${falseSelections.length})`,
    '',
    'Prompts with `gold: []` (chit-chat, or a request this catalog has no tool for) that got tools anyway.',
    '',
    ...failureTable(falseSelections, false),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

// --- internal ---

function failureTable(failures: readonly RealPromptMiss[], hasGold: boolean): string[] {
  if (failures.length === 0) return ['None.'];
  return markdownTable(
    ['catalog', 'id', 'prompt', ...(hasGold ? ['gold'] : []), 'got'],
    failures.map((failure) => [
      failure.catalog,
      failure.id,
      escapeCell(failure.query),
      ...(hasGold ? [failure.gold.join(', ')] : []),
      failure.got.length === 0 ? '(none)' : failure.got.join(', '),
    ]),
  );
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

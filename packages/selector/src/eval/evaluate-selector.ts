import type { RankingMethod } from '../ranking/selection-context.js';
import type { Selector } from '../selector/create-selector.js';
import type { SelectOptions } from '../selector/selection.js';
import type { BenchQuery } from './bench-query.js';
import { type QueryMetrics, scoreRanking } from './retrieval-metrics.js';
import { createToolNameResolver } from './tool-name-resolver.js';

/** The summary `toolsift eval --json` prints (keys as written there). */
export interface EvalSummary {
  queries: number;
  top1: number;
  'recall@1': number;
  'recall@5': number;
  'recall@10': number;
  'ndcg@10': number;
  mrr: number;
  /** Share of `gold: []` queries where nothing was selected; null when there are none. */
  abstain_correct: number | null;
  /** Share of answerable queries where nothing was selected; null when there are none. */
  abstain_wrong: number | null;
  /** Share of `gold: []` queries not abstained on but flagged with a LOW_FIT warning; null when there are none. */
  low_fit_correct: number | null;
  /** Share of answerable queries flagged LOW_FIT (their tools kept); null when there are none. */
  low_fit_answerable: number | null;
}

/** A summary plus how many queries were skipped and which gold names the catalog does not have. */
export interface EvalReport {
  summary: EvalSummary;
  skipped: number;
  answerable: number;
  abstainQueries: number;
  missingGold: string[];
}

/**
 * Evaluate a selector on bench queries: `gold: null` is skipped, `gold: []` counts towards abstention,
 * `candidates` restrict each ranking, `gold_groups` give alternatives. Gold and candidate names map to tool
 * ids (id first, else a unique name).
 */
export async function evaluateSelector(options: {
  selector: Selector;
  queries: readonly BenchQuery[];
  /** Tools ranked per query (default 10; metrics @10 need at least 10). */
  k?: number;
  method?: RankingMethod;
  /** Further options for every selection (e.g. `{ abstain: false }` to measure ranking alone). */
  selectOptions?: Omit<SelectOptions, 'k' | 'candidates' | 'method'>;
  onProgress?: (done: number, total: number) => void;
}): Promise<EvalReport> {
  const { selector, queries } = options;
  const k = Math.max(options.k ?? 10, 1);
  const resolve = createToolNameResolver(selector);
  const missing = new Set<string>();
  const totals: QueryMetrics = { top1: 0, recall1: 0, recall5: 0, recall10: 0, ndcg10: 0, mrr: 0 };
  let answerable = 0;
  let wrongAbstain = 0;
  let abstainQueries = 0;
  let rightAbstain = 0;
  let flaggedNoTool = 0;
  let flaggedAnswerable = 0;
  let skipped = 0;
  for (const [position, query] of queries.entries()) {
    options.onProgress?.(position, queries.length);
    if (query.gold === null) {
      skipped++;
      continue;
    }
    const candidates = query.candidates?.map((name) => resolve(name) ?? name);
    const selection = await selector.select(query.query, {
      ...options.selectOptions,
      k,
      ...(candidates !== undefined ? { candidates } : {}),
      ...(options.method !== undefined ? { method: options.method } : {}),
    });
    const ranked = selection.tools.map((tool) => tool.id);
    const isFlagged = selection.warnings.some((warning) => warning.code === 'LOW_FIT');
    if (query.gold.length === 0) {
      abstainQueries++;
      if (ranked.length === 0) rightAbstain++;
      else if (isFlagged) flaggedNoTool++;
      continue;
    }
    answerable++;
    if (ranked.length === 0) wrongAbstain++;
    else if (isFlagged) flaggedAnswerable++;
    const groups = (query.goldGroups ?? query.gold.map((name) => [name])).map((group) =>
      group.map((name) => {
        const id = resolve(name);
        if (id === undefined) missing.add(name);
        return id ?? `\u0000missing:${name}`;
      }),
    );
    const metrics = scoreRanking(ranked, groups);
    for (const key of Object.keys(totals) as Array<keyof QueryMetrics>) totals[key] += metrics[key];
  }
  options.onProgress?.(queries.length, queries.length);
  const mean = (value: number): number => (answerable === 0 ? 0 : round(value / answerable));
  return {
    summary: {
      queries: answerable + abstainQueries,
      top1: mean(totals.top1),
      'recall@1': mean(totals.recall1),
      'recall@5': mean(totals.recall5),
      'recall@10': mean(totals.recall10),
      'ndcg@10': mean(totals.ndcg10),
      mrr: mean(totals.mrr),
      abstain_correct: abstainQueries === 0 ? null : round(rightAbstain / abstainQueries),
      abstain_wrong: answerable === 0 ? null : round(wrongAbstain / answerable),
      low_fit_correct: abstainQueries === 0 ? null : round(flaggedNoTool / abstainQueries),
      low_fit_answerable: answerable === 0 ? null : round(flaggedAnswerable / answerable),
    },
    skipped,
    answerable,
    abstainQueries,
    missingGold: [...missing].sort(),
  };
}

// --- internal ---

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

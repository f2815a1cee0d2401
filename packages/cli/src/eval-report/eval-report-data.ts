import type { EvalSummary } from '@toolsift/selector';

/** One measured metric of the report's charts, with its label. */
export const CHART_METRICS = [
  ['top1', 'top-1'],
  ['recall@5', 'Recall@5'],
  ['ndcg@10', 'nDCG@10'],
  ['mrr', 'MRR'],
] as const satisfies ReadonlyArray<readonly [keyof EvalSummary, string]>;

/** What `toolsift eval --report` writes: the run, each dataset's metrics and, with `--learn`, the learning curve. */
export interface EvalReportData {
  /** When it was measured (ISO 8601). */
  measuredAt: string;
  catalog: string;
  tools: number;
  embedder: string;
  method: string;
  k: number;
  /** Each queries file (and each split of it, when it has several), with its metrics. */
  datasets: EvalDataset[];
  /** Every query together. */
  all: EvalDataset;
  /** Held-out metrics after each number of prompts of `file` learned, the first point with none. */
  curve?: { file: string; points: Array<{ learned: number; summary: EvalSummary }> };
}

/** One dataset's metrics, and how many of its queries have a right tool (the metrics' base) or none. */
export interface EvalDataset {
  name: string;
  summary: EvalSummary;
  answerable: number;
  /** Queries whose right answer is no tool (`gold: []`): `abstain_correct` is measured on them. */
  abstainQueries: number;
}

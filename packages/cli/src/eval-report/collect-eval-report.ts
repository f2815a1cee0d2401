import path from 'node:path';
import type {
  BenchQuery,
  EvalReport,
  LearnedExample,
  LearnReport,
  RankingMethod,
  SelectOptions,
  Selector,
} from '@toolsift/selector';
import { evaluateSelector } from '@toolsift/selector';
import type { EvalDataset, EvalReportData } from './eval-report-data.js';

/** The queries of the `--queries` file. */
export interface QueriesFile {
  file: string;
  queries: BenchQuery[];
}

/** How `toolsift eval` measures: the selector, `k`, the method and the options of every selection. */
export interface EvalRun {
  selector: Selector;
  k: number;
  method: RankingMethod;
  selectOptions: Omit<SelectOptions, 'k' | 'candidates' | 'method'>;
}

/**
 * Learn `examples` in steps (in memory, `isSaved: false`), measuring every query before the first and after each:
 * 0, then an eighth, a quarter, half and all of them. Returns the points, the last one measured with all learned,
 * and what each learn call reported.
 */
export async function measureLearningCurve(options: {
  run: EvalRun;
  queries: readonly BenchQuery[];
  examples: readonly LearnedExample[];
}): Promise<{ points: Array<{ learned: number; report: EvalReport }>; learnReports: LearnReport[] }> {
  const { run, queries, examples } = options;
  const steps = [...new Set(CURVE_SHARES.map((share) => Math.round(share * examples.length)))];
  const points: Array<{ learned: number; report: EvalReport }> = [];
  const learnReports: LearnReport[] = [];
  let learned = 0;
  for (const step of steps) {
    if (step > learned) {
      learnReports.push(await run.selector.learn(examples.slice(learned, step), { isSaved: false }));
      learned = step;
    }
    points.push({ learned, report: await evaluate(run, queries) });
  }
  return { points, learnReports };
}

/**
 * The report's data: each split of the queries measured apart when they have several (else `all` is the one
 * dataset), and the learning curve when one was measured.
 */
export async function collectEvalReport(options: {
  run: EvalRun;
  catalog: string;
  queries: QueriesFile;
  all: EvalReport;
  curve?: { file: string; points: Array<{ learned: number; report: EvalReport }> } | undefined;
}): Promise<EvalReportData> {
  const { run, all } = options;
  const { file, queries } = options.queries;
  const splits = [...new Set(queries.map((query) => query.split ?? ''))];
  const datasets =
    splits.length <= 1
      ? [datasetOf(splits[0] || path.basename(file), all)]
      : await Promise.all(
          splits.map(async (split) => {
            const report = await evaluate(
              run,
              queries.filter((query) => (query.split ?? '') === split),
            );
            return datasetOf(split === '' ? '(no split)' : split, report);
          }),
        );
  return {
    measuredAt: new Date().toISOString(),
    catalog: options.catalog,
    tools: run.selector.tools.length,
    embedder: run.selector.embedder.id,
    method: run.method,
    k: run.k,
    datasets,
    all: datasetOf('all', all),
    ...(options.curve !== undefined
      ? {
          curve: {
            file: path.basename(options.curve.file),
            points: options.curve.points.map((point) => ({
              learned: point.learned,
              summary: point.report.summary,
            })),
          },
        }
      : {}),
  };
}

/** Measure `queries` as `toolsift eval` does. */
export function evaluate(run: EvalRun, queries: readonly BenchQuery[]): Promise<EvalReport> {
  return evaluateSelector({
    selector: run.selector,
    queries,
    k: run.k,
    method: run.method,
    selectOptions: run.selectOptions,
  });
}

// --- internal ---

function datasetOf(name: string, report: EvalReport): EvalDataset {
  return {
    name,
    summary: report.summary,
    answerable: report.answerable,
    abstainQueries: report.abstainQueries,
  };
}

/** The shares of the learned prompts after which the curve is measured. */
const CURVE_SHARES = [0, 1 / 8, 1 / 4, 1 / 2, 1];

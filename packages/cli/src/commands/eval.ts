import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import {
  type EvalReport,
  type EvalSummary,
  learnedExamplesOf,
  type RankingMethod,
  readBenchQueries,
  sampleQueries,
} from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import {
  collectEvalReport,
  type EvalRun,
  evaluate,
  measureLearningCurve,
} from '../eval-report/collect-eval-report.js';
import { renderEvalReport } from '../eval-report/render-eval-report.js';
import type { CliIo } from '../io.js';
import { ABSTENTION_ARGS, abstentionOptions } from './abstention-args.js';
import { parseInputFormat } from './input-format-args.js';
import { reportLearnWarnings } from './report-learn-warnings.js';
import { MAX_K, openSelector, parseCount, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** `toolsift eval --catalog TOOLS --queries QUERIES.jsonl [...]`: retrieval metrics over a bench query file. */
export function createEvalCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'eval',
      description:
        'Measure top-1, Recall@1/5/10, nDCG@10, MRR and abstention: each query of --queries is run against the ' +
        'tools of --catalog, and the tools ranked are checked against its gold tool names.',
    },
    args: {
      ...SELECTOR_ARGS,
      catalog: {
        type: 'string',
        valueHint: 'PATH',
        description:
          'The tools the queries are run against: a catalog file or folder in any format toolsift reads (default ./metadata)',
      },
      queries: {
        type: 'string',
        required: true,
        valueHint: 'FILE',
        description:
          'Queries JSONL, one per line: {"id", "query", "gold": [tool names; none when no tool fits], "candidates"?, "split"?}',
      },
      k: { type: 'string', valueHint: 'N', description: 'Tools ranked per query (default 10)' },
      json: { type: 'boolean', description: 'Print the metrics as one JSON object' },
      learn: {
        type: 'string',
        valueHint: 'FILE',
        description:
          'Learn the prompts of FILE before evaluating (in memory: the saved index is not changed)',
      },
      split: { type: 'string', valueHint: 'NAME', description: 'Only queries of this split' },
      limit: {
        type: 'string',
        valueHint: 'N',
        description: 'At most N queries, evenly spaced over the file',
      },
      method: { type: 'string', valueHint: 'METHOD', description: 'toolsift (default), bm25 or dense' },
      report: {
        type: 'string',
        valueHint: 'FILE.html',
        description:
          'Also write a self-contained HTML report: bars per dataset (each split of the queries) and, with --learn, the learning curve (the metrics after an eighth, a quarter, half and all of its prompts are learned)',
      },
      ...ABSTENTION_ARGS,
    },
    async run({ args }) {
      const method = parseMethod(args.method);
      const abstention = abstentionOptions(args);
      const k = parseCount({ value: args.k, name: 'k', fallback: 10, max: MAX_K });
      const limit =
        args.limit === undefined ? undefined : parseCount({ value: args.limit, name: 'limit', fallback: 1 });
      // Every option is checked before the files: a wrong option is the usage error, whatever else is missing.
      parseInputFormat(args);
      await checkInputsExist(io, { queries: args.queries, catalog: args.catalog });
      let queries = await readBenchQueries(path.resolve(io.cwd, args.queries));
      if (args.split !== undefined) queries = queries.filter((query) => query.split === args.split);
      queries = sampleQueries(queries, limit);
      const selector = await openSelector(io, args);
      reportIndexWarnings(io, selector);
      const run: EvalRun = { selector, k, method, selectOptions: { env: io.env, ...abstention } };
      let report: EvalReport;
      let curve: { file: string; points: Array<{ learned: number; report: EvalReport }> } | undefined;
      if (args.learn === undefined) report = await evaluate(run, queries);
      else {
        const examples = learnedExamplesOf(await readBenchQueries(path.resolve(io.cwd, args.learn)));
        // The catalog's own index must not keep them (isSaved: false): later evals and queries would silently use them.
        if (args.report === undefined) {
          reportLearnWarnings(io, await selector.learn(examples, { isSaved: false }));
          report = await evaluate(run, queries);
        } else {
          const measured = await measureLearningCurve({ run, queries, examples });
          for (const learned of measured.learnReports) reportLearnWarnings(io, learned);
          curve = { file: args.learn, points: measured.points };
          report = measured.points.at(-1)!.report;
        }
      }
      if (report.missingGold.length > 0) {
        io.stderr.write(
          `toolsift: warning: ${report.missingGold.length} gold tool(s) not in the catalog, e.g. ${report.missingGold.slice(0, 3).join(', ')}\n`,
        );
      }
      if (args.report !== undefined) {
        const data = await collectEvalReport({
          run,
          catalog: args.catalog ?? './metadata',
          queries: { file: args.queries, queries },
          all: report,
          curve,
        });
        await writeFile(path.resolve(io.cwd, args.report), renderEvalReport(data));
        io.stderr.write(`toolsift: report written to ${args.report}\n`);
      }
      if (args.json === true) {
        io.stdout.write(`${JSON.stringify(report.summary)}\n`);
        return;
      }
      io.stdout.write(renderSummary(report.summary, report.skipped));
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

const METHODS: readonly RankingMethod[] = ['toolsift', 'bm25', 'dense'];

/** Both input files looked for before either is read, so that one error names every one that is missing. */
async function checkInputsExist(
  io: CliIo,
  inputs: { queries: string; catalog: string | undefined },
): Promise<void> {
  const catalog = inputs.catalog ?? './metadata';
  const missing = [
    ...((await exists(io, inputs.queries)) ? [] : [`the queries file ${inputs.queries} (--queries)`]),
    ...((await exists(io, catalog))
      ? []
      : [`the tools ${catalog} (${inputs.catalog === undefined ? "--catalog's default" : '--catalog'})`]),
  ];
  if (missing.length === 0) return;
  throw new ToolsiftError(
    ErrorCode.FileUnreadable,
    `eval cannot find ${missing.join(' or ')}: it runs each query of the queries file against the tools of the catalog`,
    { missing },
  );
}

async function exists(io: CliIo, file: string): Promise<boolean> {
  return stat(path.resolve(io.cwd, file)).then(
    () => true,
    () => false,
  );
}

function parseMethod(value: string | undefined): RankingMethod {
  if (value === undefined || value === '') return 'toolsift';
  if ((METHODS as readonly string[]).includes(value)) return value as RankingMethod;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `Unknown method "${value}". Valid methods: ${METHODS.join(', ')}.`,
  );
}

function renderSummary(summary: EvalSummary, skipped: number): string {
  const share = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(3));
  const rows: Array<[string, string]> = [
    ['queries', `${summary.queries}${skipped > 0 ? ` (${skipped} with unknown gold skipped)` : ''}`],
    ['top-1', share(summary.top1)],
    ['Recall@1', share(summary['recall@1'])],
    ['Recall@5', share(summary['recall@5'])],
    ['Recall@10', share(summary['recall@10'])],
    ['nDCG@10', share(summary['ndcg@10'])],
    ['MRR', share(summary.mrr)],
    ['abstained, gold []', share(summary.abstain_correct)],
    ['abstained, answerable', share(summary.abstain_wrong)],
    ['flagged LOW_FIT, gold []', share(summary.low_fit_correct)],
    ['flagged LOW_FIT, answerable', share(summary.low_fit_answerable)],
  ];
  return `${rows.map(([name, value]) => `${name.padEnd(22)} ${value}`).join('\n')}\n`;
}

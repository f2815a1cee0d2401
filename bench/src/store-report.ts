// The store bench's report: bench/results/store.md.
import os from 'node:os';
import { markdownTable } from './render-accuracy.js';
import type { StoreAccuracyRow } from './store-accuracy.js';
import type { LearnRate, LearnToVisible } from './store-learning.js';

/** What one process of `store-run.ts --phase open` reports. */
export interface OpenFigures {
  tools: number;
  views: number;
  status: string;
  embedded: number;
  reused: number;
  warnings: string[];
  /** The embedder's start (the model's load, or the bench cache's), before the selector: not in `openMs`. */
  embedderMs: number;
  /** `createSelector`, wall clock. */
  openMs: number;
  /** CPU time of the process (all its threads) during `createSelector`. */
  openCpuMs: number;
  rssMb: number;
  selectP50?: number;
  selectP99?: number;
  selections?: string[][];
}

/** Everything one run of the store bench measured. */
export interface StoreBenchResult {
  date: string;
  minutes: number;
  loadAverage: { start: number; end: number };
  options: { size: number; prompts: number; warmUp: number; accuracySample: number | undefined };
  build: OpenFigures;
  coldStarts: OpenFigures[];
  withoutSnapshot: OpenFigures;
  folderBuild: OpenFigures;
  folder: OpenFigures;
  selections: { compared: number; same: number };
  learnToVisible: LearnToVisible;
  learnRates: LearnRate[];
  accuracy: StoreAccuracyRow[];
}

/** The full report, as Markdown. */
export function renderStoreReport(result: StoreBenchResult): string {
  const { build, folder, learnToVisible: visible } = result;
  const cold = median(result.coldStarts);
  const store = result.coldStarts[0]!;
  const share = (figures: OpenFigures, key: 'openMs' | 'openCpuMs') =>
    `${((100 * figures[key]) / build[key]).toFixed(1)}%`;
  const size = result.options.size.toLocaleString('en-US');
  const identical = result.accuracy.filter((row) => row.isIdentical).length;
  const asRecorded = result.accuracy.filter((row) => row.isAsRecorded !== undefined);
  const lines = [
    '# The PostgreSQL store against the index folder',
    '',
    `Measured ${result.date.slice(0, 10)} by \`pnpm bench:store\` (bench/src/store.ts), in ${result.minutes} min, on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, PostgreSQL from Debian on 127.0.0.1 (a private cluster, fsync off). Load average (1 min) ${result.loadAverage.start.toFixed(1)} at the start and ${result.loadAverage.end.toFixed(1)} at the end: other processes shared the cores, so times are upper bounds, and CPU times are given beside them.`,
    '',
    `## Cold start at ${size} tools`,
    '',
    `The scale bench's catalog of ${size} real tools (${build.views.toLocaleString('en-US')} views), each start a fresh process timing \`createSelector\` (the embedder's start, the same for each, apart). Goal: a start from a filled store under 10% of building from scratch.`,
    '',
    ...markdownTable(
      ['how the process starts', 'wall (s)', 'CPU (s)', 'of the build (wall / CPU)', 'RSS (MB)'],
      [
        [
          `from scratch on an empty store: use-lite embeds ${build.embedded.toLocaleString('en-US')} texts, the index is built and saved`,
          seconds(build.openMs),
          seconds(build.openCpuMs),
          '100%',
          String(Math.round(build.rssMb)),
        ],
        [
          `from the filled store (its index snapshot), median of ${result.coldStarts.length}`,
          seconds(cold.openMs),
          seconds(cold.openCpuMs),
          `${share(cold, 'openMs')} / ${share(cold, 'openCpuMs')}`,
          String(Math.round(cold.rssMb)),
        ],
        [
          "from the store's embeddings alone (snapshot deleted: HNSW and BM25 built, then the snapshot saved again)",
          seconds(result.withoutSnapshot.openMs),
          seconds(result.withoutSnapshot.openCpuMs),
          `${share(result.withoutSnapshot, 'openMs')} / ${share(result.withoutSnapshot, 'openCpuMs')}`,
          String(Math.round(result.withoutSnapshot.rssMb)),
        ],
        [
          'from an index folder (reload)',
          seconds(folder.openMs),
          seconds(folder.openCpuMs),
          `${share(folder, 'openMs')} / ${share(folder, 'openCpuMs')}`,
          String(Math.round(folder.rssMb)),
        ],
      ],
    ),
    '',
    `Cold starts from the filled store: ${result.coldStarts.map((figures) => `${seconds(figures.openMs)} s`).join(', ')} (status ${[...new Set(result.coldStarts.map((figures) => figures.status))].join(', ')}, ${result.coldStarts.reduce((sum, figures) => sum + figures.embedded, 0)} texts embedded). Loading use-lite took ${seconds(build.embedderMs)} s before the build.`,
    '',
    '## Select',
    '',
    `\`select(prompt, { k: 5 })\` on ${result.options.prompts} bench prompts after ${result.options.warmUp} others, in the processes above (the first cold start from the store, the folder's reload); query vectors from the bench cache, so no model call is timed.`,
    '',
    ...markdownTable(
      ['store', 'select p50 (ms)', 'select p99 (ms)'],
      [
        ['index folder', ms(folder.selectP50), ms(folder.selectP99)],
        ['PostgreSQL', ms(store.selectP50), ms(store.selectP99)],
      ],
    ),
    '',
    `The same tools, in the same order, for ${result.selections.same} of ${result.selections.compared} prompts.`,
    '',
    '## Learning across processes',
    '',
    `Learned in one process, served by another (its learned view in the index, polled every millisecond): ${visible.learns} learns of the project catalog with use-lite, about ${visible.spacingMs} ms apart.`,
    '',
    ...markdownTable(
      ['from', 'p50 (ms)', 'p99 (ms)'],
      [
        ['the learn returned', ms(visible.afterReturn.p50), ms(visible.afterReturn.p99)],
        ['the learn was called', ms(visible.afterCall.p50), ms(visible.afterCall.p99)],
      ],
    ),
    '',
    `Slowest ${ms(visible.afterReturn.max)} ms; ${visible.missed} of ${visible.learns} never served.`,
    '',
    ...markdownTable(
      ['store', 'processes', 'learns', 'seconds', 'learns/s', 'one learn p50 / p99 (ms)', 'kept'],
      result.learnRates.map((rate) => [
        rate.target === 'store' ? 'PostgreSQL' : 'index folder',
        String(rate.processes),
        String(rate.learns),
        rate.seconds.toFixed(1),
        rate.perSecond.toFixed(1),
        `${ms(rate.latency.p50)} / ${ms(rate.latency.p99)}`,
        String(rate.kept),
      ]),
    ),
    '',
    '## Accuracy',
    '',
    `Every row of the accuracy bench (bench/src/run.ts), with the bench cache's use-lite vectors, evaluated with the index folder and with the PostgreSQL store${result.options.accuracySample === undefined ? ' on the queries the accuracy bench uses' : ` on at most ${result.options.accuracySample.toLocaleString('en-US')} of each row's reported queries, evenly spaced (a sample: the machine's load made the full rows too slow)`}. ${identical} of ${result.accuracy.length} figure rows identical (every figure of the summary).${asRecorded.length > 0 ? ` The index folder's figures equal bench/results/accuracy.json's on ${asRecorded.filter((row) => row.isAsRecorded).length} of ${asRecorded.length} rows.` : ''}`,
    '',
    ...markdownTable(
      [
        'dataset',
        'method',
        'abstention',
        'queries',
        'top-1 folder / store',
        'nDCG@10 folder / store',
        'identical',
      ],
      result.accuracy.map((row) => [
        row.row,
        row.method,
        row.isAbstaining ? 'on' : 'off',
        String(row.queries),
        `${row.folder.top1.toFixed(3)} / ${row.store.top1.toFixed(3)}`,
        `${row.folder['ndcg@10'].toFixed(3)} / ${row.store['ndcg@10'].toFixed(3)}`,
        row.isIdentical ? 'yes' : '**no**',
      ]),
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

// --- internal ---

function median(runs: readonly OpenFigures[]): OpenFigures {
  const sorted = [...runs].sort((a, b) => a.openMs - b.openMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function seconds(value: number): string {
  return (value / 1000).toFixed(value < 10_000 ? 2 : 1);
}

function ms(value: number | undefined): string {
  return value === undefined ? '–' : value.toFixed(1);
}

// `pnpm bench:store` (in `pnpm bench`): the PostgreSQL store against the index folder, on a private cluster
// (test/setup/postgres-server.ts), in one run:
//   1. cold start at --size tools (the scale bench's catalog of real tools): building from scratch with the use-lite
//      model, then fresh processes starting from the filled store, from its embeddings alone (its index snapshot
//      deleted), and from an index folder;
//   2. select p50/p99 with each store, on the same prompts, in the processes of 1;
//   3. learn-to-visible latency across processes: learns in one process, another polls until it serves them;
//   4. learns per second from eight processes, with each store;
//   5. accuracy: every row of the accuracy bench with each store, on its full query sets (--accuracy-sample N:
//      at most N queries a row, for a quicker run).
// Writes bench/results/store.{md,json} (docs/store.md quotes them). Options: --size, --prompts, --warm-up,
// --cold-starts, --learns, --spacing-ms, --learners, --learns-each, --accuracy-sample (a number, or `all`).
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSelector } from '@toolsift/selector';
import postgres from 'postgres';
import { startTestPostgres } from '../../test/setup/postgres-server.js';
import { repoRoot } from './bench-datasets.js';
import { runBenchChild, timingPrompts } from './bench-process.js';
import { benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchEmbedder, flushEmbeddings } from './bench-selector.js';
import { measureStoreAccuracy } from './store-accuracy.js';
import { measureLearnRate, measureLearnToVisible } from './store-learning.js';
import { type OpenFigures, renderStoreReport, type StoreBenchResult } from './store-report.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    prompts: { type: 'string', default: '200' },
    'warm-up': { type: 'string', default: '100' },
    'cold-starts': { type: 'string', default: '3' },
    learns: { type: 'string', default: '100' },
    'spacing-ms': { type: 'string', default: '100' },
    learners: { type: 'string', default: '8' },
    'learns-each': { type: 'string', default: '50' },
    'accuracy-sample': { type: 'string', default: 'all' },
  },
});
const number = (name: keyof typeof values): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number >= 1`);
  return value;
};
const size = String(number('size'));
const accuracySample = values['accuracy-sample'] === 'all' ? undefined : number('accuracy-sample');

const started = performance.now();
const loadAtStart = os.loadavg()[0] ?? 0;
const server = await startTestPostgres('pnpm bench:store');
if (server === undefined) process.exit(1);
const work = path.join(os.tmpdir(), `toolsift-store-bench-${process.pid}`);
try {
  // The measured prompts and their query vectors (in the bench cache, so `select` is timed without the model).
  const { prompts, warmUp } = await timingPrompts({ count: number('prompts'), warmUp: number('warm-up') });
  const promptsFile = path.join(os.tmpdir(), `toolsift-store-bench-${process.pid}.json`);
  await writeFile(promptsFile, JSON.stringify({ prompts, warmUp }));
  const warmer = await createSelector({
    catalog: path.join(repoRoot, 'metadata'),
    embedder: await benchEmbedder('use-lite'),
    indexDir: false,
  });
  for (const prompt of [...prompts, ...warmUp]) await warmer.select(prompt, { k: 5 });
  await flushEmbeddings();

  // 1 and 2: cold starts and selections.
  const url = await server.createDatabase();
  log(`building ${size} tools from scratch on the store, embedding with the use-lite model`);
  const build = await open(['--store', url, '--real']);
  log(`built in ${seconds(build.openMs)} s (${build.embedded} texts embedded)`);
  const coldStarts: OpenFigures[] = [];
  for (let run = 0; run < number('cold-starts'); run++) {
    coldStarts.push(await open(['--store', url, ...(run === 0 ? ['--prompts', promptsFile] : [])]));
    log(`cold start from the store: ${seconds(coldStarts.at(-1)!.openMs)} s`);
  }
  await deleteSnapshots(url);
  const withoutSnapshot = await open(['--store', url]);
  log(`cold start from the store's embeddings alone: ${seconds(withoutSnapshot.openMs)} s`);
  const folderDir = path.join(work, 'folder');
  const folderBuild = await open(['--index-dir', folderDir]);
  const folder = await open(['--index-dir', folderDir, '--prompts', promptsFile]);
  log(
    `index folder: built from the bench cache in ${seconds(folderBuild.openMs)} s, reloaded in ${seconds(folder.openMs)} s`,
  );
  const storeSelections = coldStarts[0]!.selections!;
  const sameSelections = storeSelections.filter(
    (ids, position) => JSON.stringify(ids) === JSON.stringify(folder.selections![position]),
  ).length;

  // 3 and 4: learning across processes.
  const learnToVisible = await measureLearnToVisible({
    url: await server.createDatabase(),
    learns: number('learns'),
    spacingMs: number('spacing-ms'),
  });
  const learnRates = [];
  for (const target of ['store', 'folder'] as const) {
    learnRates.push(
      await measureLearnRate({
        target,
        location: target === 'store' ? await server.createDatabase() : path.join(work, 'learners'),
        processes: number('learners'),
        learnsEach: number('learns-each'),
      }),
    );
  }

  // 5: accuracy.
  const accuracy = await measureStoreAccuracy({ url: await server.createDatabase(), sample: accuracySample });

  const { dir, meta } = await benchResults({ embedder: 'use-lite', started });
  const result: StoreBenchResult = {
    date: meta.date,
    minutes: meta.minutes,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
    options: {
      size: Number(size),
      prompts: prompts.length,
      warmUp: warmUp.length,
      accuracySample,
    },
    build,
    coldStarts,
    withoutSnapshot,
    folderBuild,
    folder,
    selections: { compared: storeSelections.length, same: sameSelections },
    learnToVisible,
    learnRates,
    accuracy,
  };
  const stripped = {
    ...result,
    coldStarts: coldStarts.map(({ selections: _selections, ...rest }) => rest),
    folder: { ...folder, selections: undefined },
  };
  await writeFile(path.join(dir, 'store.json'), `${JSON.stringify(stripped, null, 2)}\n`);
  const report = renderStoreReport(result);
  await writeFile(path.join(dir, 'store.md'), report);
  process.stdout.write(report);
  log(`done in ${meta.minutes} min; wrote bench/results/store.md and store.json`);
} finally {
  server.close();
  await rm(work, { recursive: true, force: true });
  await rm(path.join(os.tmpdir(), `toolsift-store-bench-${process.pid}.json`), { force: true });
}

// --- internal ---

function open(args: string[]): Promise<OpenFigures> {
  return runBenchChild<OpenFigures>(path.join(import.meta.dirname, 'store-run.ts'), [
    '--phase',
    'open',
    '--size',
    size,
    ...args,
  ]);
}

/** Delete the store's index snapshots: the next process starts from the embeddings alone. */
async function deleteSnapshots(url: string): Promise<void> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    await sql`delete from toolsift_index_parts`;
    await sql`delete from toolsift_index_snapshots`;
  } finally {
    await sql.end();
  }
}

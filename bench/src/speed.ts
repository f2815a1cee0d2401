// Speed bench (a script, not a test): warm `select` latency at 10k tools with and without the query embedding,
// reload time of the saved 10k-tool index, and memory. Run: `pnpm bench:speed` (`pnpm bench` runs it after the accuracy bench).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmbedder, createSelector } from '@toolsift/selector';
import { repoRoot } from './bench-datasets.js';
import { percentile, reportResult, runBenchChild, timingPrompts } from './bench-process.js';
import { benchCacheDir, benchEmbedder } from './bench-selector.js';
import { measureColdCliQuery } from './cold-cli.js';
import { markdownTable } from './render-accuracy.js';
import { loadBaseTools, syntheticCatalog } from './scale-catalog.js';

const TOOL_COUNT = Number(process.env.SPEED_TOOLS ?? 10_000);
const QUERY_COUNT = 300;
/**
 * Other bench prompts served before the measured ones, so the selector is warm as an agent's is after a while: after
 * 30 warm-up selections V8 was still optimising the select path (p50 without the embedding ~0.2 ms higher than after
 * 300; 300 and 1,000 gave the same). None of them is measured, so no measured prompt meets a cache it filled.
 */
const WARM_UP_COUNT = 300;
/** Reloads measured, each in its own process. */
const RELOAD_RUNS = 5;
/** Cold `toolsift query` processes timed. */
const COLD_CLI_RUNS = 5;

// The scale bench's catalog: real tools only up to ~13k, interleaved from every bench dataset.
const tools = syntheticCatalog(await loadBaseTools(), TOOL_COUNT);
const { prompts, warmUp: warmUpPrompts } = await timingPrompts({ count: QUERY_COUNT, warmUp: WARM_UP_COUNT });
const indexDir = path.join(benchCacheDir, 'indexes', `speed-${TOOL_COUNT}`);

// Reloads and selections are measured in fresh processes, as a user's process meets the index: one reload per
// process (a CLI call, a server start), without the build's garbage (the bench's embedding cache, the built
// selector) or earlier reloads' being collected during it.
if (process.argv.includes('--reload')) {
  reportResult(await reloadOnce());
  process.exit(0);
}
if (process.argv.includes('--serve')) {
  reportResult(await serve());
  process.exit(0);
}

// Build (or update) the index with the cached embedder: the bench runs already embedded these texts.
const started = performance.now();
const built = await createSelector({ catalog: tools, embedder: await benchEmbedder('use-lite'), indexDir });
const buildSeconds = (performance.now() - started) / 1000;
const views = built.tools.reduce((sum, tool) => sum + built.views(tool.id).length, 0);
const reloads: Reloaded[] = [];
for (let run = 0; run < RELOAD_RUNS; run++) reloads.push(await inChildProcess<Reloaded>('--reload'));
const served = await inChildProcess<Served>('--serve');
const coldCli = await measureColdCliQuery({
  toolCount: TOOL_COUNT,
  prompts: prompts.slice(0, COLD_CLI_RUNS),
});
const result = {
  tools: tools.length,
  views,
  buildSeconds: round(buildSeconds, 1),
  reloadMs: {
    p50: round(
      percentile(
        reloads.map((run) => run.reloadMs),
        0.5,
      ),
      1,
    ),
    min: round(Math.min(...reloads.map((run) => run.reloadMs)), 1),
  },
  firstSelectMs: round(
    percentile(
      reloads.map((run) => run.firstSelectMs),
      0.5,
    ),
    1,
  ),
  firstSelectWithoutEmbeddingMs: round(
    percentile(
      reloads.map((run) => run.firstSelectWithoutEmbeddingMs),
      0.5,
    ),
    1,
  ),
  ...served,
  coldCli,
  queries: prompts.length,
};
console.log(JSON.stringify(result, null, 2));
const resultsDir = path.join(repoRoot, 'bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, `speed-${TOOL_COUNT}.json`), `${JSON.stringify(result, null, 2)}\n`);
await writeFile(
  path.join(resultsDir, `speed-${TOOL_COUNT}.md`),
  [
    `# Speed at ${result.tools} tools (${result.views} views, HNSW), warm selector`,
    '',
    `Written by \`pnpm bench\` (bench/src/speed.ts) on ${new Date().toISOString().slice(0, 10)}; ${result.queries} bench prompts after ${WARM_UP_COUNT} others as warm-up, k = 5, load average ${os.loadavg()[0]?.toFixed(2)} at the end.`,
    '',
    ...markdownTable(
      ['measure', 'p50', 'p99', 'target'],
      [
        [
          'select, query embedding included (ms)',
          `${result.selectMs.withEmbedding.p50}`,
          `${result.selectMs.withEmbedding.p99}`,
          '< 15',
        ],
        [
          'select, query embedding excluded (ms)',
          `${result.selectMs.withoutEmbedding.p50}`,
          `${result.selectMs.withoutEmbedding.p99}`,
          '< 2',
        ],
        ['reload of the saved index (ms)', `${result.reloadMs.p50}`, `min ${result.reloadMs.min}`, '< 500'],
        [
          `cold \`toolsift query\`, ${coldCli.tools} tools (ms, whole process)`,
          `${coldCli.wallMs.p50}`,
          `min ${coldCli.wallMs.min}`,
          '',
        ],
      ],
    ),
    '',
    `${built.index.status === 'loaded' ? `The index was kept from an earlier run (SPEED_KEEP_INDEX=1), so it was only reloaded (${result.buildSeconds} s), not built` : `Index build from cached embeddings: ${result.buildSeconds} s`} (in the bench's process). Each reload ran in a fresh process (${RELOAD_RUNS} of them), and so did the selections; the first \`select\` after a reload took ${result.firstSelectMs} ms (p50), ${result.firstSelectWithoutEmbeddingMs} ms of it besides the query embedding (it reads the saved name table; the embedding of a first query is slower than later ones). Memory of the selecting process after the run: RSS ${result.memoryMb.rss} MB, heap ${result.memoryMb.heapUsed} MB.`,
    '',
    `The cold CLI query is the built \`toolsift query PROMPT --catalog tools.jsonl --json\` in a new process each time (${coldCli.runs} prompts): Node start, imports, model load, catalog load (the first ${coldCli.tools} lines of the bench catalogs in one file), index reload, one select (${coldCli.selectMs} ms p50 of it) and printing.`,
    '',
    `Mean time per stage of a warm select (ms): ${Object.entries(result.stageMeansMs)
      .map(([stage, ms]) => `${stage} ${ms}`)
      .join(', ')}.`,
    '',
  ].join('\n'),
);
if (process.env.SPEED_KEEP_INDEX !== '1') await rm(indexDir, { recursive: true, force: true });

// --- internal ---

interface Reloaded {
  reloadMs: number;
  firstSelectMs: number;
  firstSelectWithoutEmbeddingMs: number;
}

interface Served {
  selectMs: Record<'withEmbedding' | 'withoutEmbedding', { p50: number; p99: number }>;
  stageMeansMs: Record<string, number>;
  memoryMb: { rss: number; heapUsed: number };
}

/** Run this script again with `flag` in a new Node process and read its result. */
function inChildProcess<T>(flag: '--reload' | '--serve'): Promise<T> {
  return runBenchChild<T>(fileURLToPath(import.meta.url), [flag]);
}

/** Load the saved index once with the real (uncached) embedder, then time the first `select`. */
async function reloadOnce(): Promise<Reloaded> {
  const embedder = await createEmbedder('use-lite');
  await embedder.embed(['warm the model up']);
  const started = performance.now();
  const selector = await createSelector({ catalog: tools, embedder, indexDir });
  const reloadMs = performance.now() - started;
  if (selector.index.status !== 'loaded') throw new Error(`expected a reload, got ${selector.index.status}`);
  const first = await selector.select(prompts[0] ?? 'weather', { k: 5 });
  return {
    reloadMs: round(reloadMs, 1),
    firstSelectMs: round(first.timings.total ?? 0, 1),
    firstSelectWithoutEmbeddingMs: round((first.timings.total ?? 0) - (first.timings.embed ?? 0), 1),
  };
}

/** Time warm selections on the saved index. */
async function serve(): Promise<Served> {
  const embedder = await createEmbedder('use-lite');
  const selector = await createSelector({ catalog: tools, embedder, indexDir });
  for (const prompt of warmUpPrompts) await selector.select(prompt, { k: 5 });

  const withEmbedding: number[] = [];
  const withoutEmbedding: number[] = [];
  const stageTotals = new Map<string, number>();
  for (const prompt of prompts) {
    const { timings } = await selector.select(prompt, { k: 5 });
    withEmbedding.push(timings.total ?? 0);
    withoutEmbedding.push((timings.total ?? 0) - (timings.embed ?? 0));
    for (const [stage, ms] of Object.entries(timings))
      stageTotals.set(stage, (stageTotals.get(stage) ?? 0) + ms);
  }
  const memory = process.memoryUsage();
  return {
    selectMs: {
      withEmbedding: {
        p50: round(percentile(withEmbedding, 0.5), 2),
        p99: round(percentile(withEmbedding, 0.99), 2),
      },
      withoutEmbedding: {
        p50: round(percentile(withoutEmbedding, 0.5), 2),
        p99: round(percentile(withoutEmbedding, 0.99), 2),
      },
    },
    stageMeansMs: Object.fromEntries(
      [...stageTotals].map(([stage, total]) => [stage, round(total / prompts.length, 2)]),
    ),
    memoryMb: { rss: round(memory.rss / 2 ** 20, 0), heapUsed: round(memory.heapUsed / 2 ** 20, 0) },
  };
}

function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

// Speed bench (a script, not a test): warm `select` latency at 10k tools with and without the query embedding,
// reload time of the saved 10k-tool index, and memory. Run: node --import tsx/esm --conditions=@toolsift/source test/bench/speed.ts
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadCatalog, type Tool } from '@toolsift/core';
import { createEmbedder, createSelector, readBenchQueries, sampleQueries } from '@toolsift/selector';
import { catalogOf, repoRoot } from './bench-datasets.js';
import { benchCacheDir, benchEmbedder } from './bench-selector.js';
import { markdownTable } from './render-accuracy.js';

const TOOL_COUNT = Number(process.env.SPEED_TOOLS ?? 10_000);
const QUERY_COUNT = 300;
const SOURCES = ['seal-tools', 'bfcl', 'toolbench-stable', 'gorilla-apibench', 'toolalpaca', 'metatool'];

const tools = await scaleCatalog(TOOL_COUNT);
const queries = (
  await Promise.all(
    SOURCES.map((dataset) => readBenchQueries(path.join(path.dirname(catalogOf(dataset)), 'queries.jsonl'))),
  )
)
  .flat()
  .map((query) => query.query);
const prompts = sampleQueries(queries, QUERY_COUNT);
const indexDir = path.join(benchCacheDir, 'indexes', `speed-${TOOL_COUNT}`);

// Build (or update) the index with the cached embedder: the bench runs already embedded these texts.
let started = performance.now();
const built = await createSelector({ catalog: tools, embedder: await benchEmbedder('use-lite'), indexDir });
const buildSeconds = (performance.now() - started) / 1000;

// Reload the saved index in a fresh selector with the real (uncached) embedder: nothing to embed.
const embedder = await createEmbedder('use-lite');
const reloads: number[] = [];
for (let round = 0; round < 5; round++) {
  started = performance.now();
  const reloaded = await createSelector({ catalog: tools, embedder, indexDir });
  reloads.push(performance.now() - started);
  if (reloaded.index.status !== 'loaded') throw new Error(`expected a reload, got ${reloaded.index.status}`);
}
const selector = await createSelector({ catalog: tools, embedder, indexDir });
for (const prompt of prompts.slice(0, 30)) await selector.select(prompt, { k: 5 });

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
const stageMeans = Object.fromEntries(
  [...stageTotals].map(([stage, total]) => [stage, round(total / prompts.length, 2)]),
);
const memory = process.memoryUsage();
const result = {
  tools: tools.length,
  views: built.tools.reduce((sum, tool) => sum + built.views(tool.id).length, 0),
  buildSeconds: round(buildSeconds, 1),
  reloadMs: { p50: round(percentile(reloads, 0.5), 1), min: round(Math.min(...reloads), 1) },
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
  stageMeansMs: stageMeans,
  memoryMb: { rss: round(memory.rss / 2 ** 20, 0), heapUsed: round(memory.heapUsed / 2 ** 20, 0) },
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
    `Written by test/bench/speed.ts on ${new Date().toISOString().slice(0, 10)}; ${result.queries} bench prompts, k = 5, load average ${os.loadavg()[0]?.toFixed(2)} at the end.`,
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
      ],
    ),
    '',
    `Index build from cached embeddings: ${result.buildSeconds} s. Memory after the run: RSS ${result.memoryMb.rss} MB, heap ${result.memoryMb.heapUsed} MB.`,
    '',
    `Mean time per stage of a warm select (ms): ${Object.entries(result.stageMeansMs)
      .map(([stage, ms]) => `${stage} ${ms}`)
      .join(', ')}.`,
    '',
  ].join('\n'),
);
if (process.env.SPEED_KEEP_INDEX !== '1') await rm(indexDir, { recursive: true, force: true });

// --- internal ---

/** Real tools from the bench catalogs, ids prefixed by dataset so they stay unique. */
async function scaleCatalog(count: number): Promise<Tool[]> {
  const picked: Tool[] = [];
  for (const dataset of SOURCES) {
    const { tools: loaded } = await loadCatalog([catalogOf(dataset)]);
    for (const tool of loaded) {
      if (picked.length >= count) return picked;
      picked.push({ ...tool, id: `${dataset}/${tool.id}` });
    }
  }
  return picked;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

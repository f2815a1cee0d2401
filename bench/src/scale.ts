// Speed at scale: synthetic catalogs of 1k, 10k and 100k tools built from metadata/ and the ../shared/bench
// catalogs, measured with the HNSW and the exact vector index. Writes bench/results/scale.md. Usage:
//   pnpm bench:scale [--sizes 1000,10000,100000] [--kinds hnsw,exact] [--queries 200] [--warm-up 300] [--rebuild]
// Catalog views reuse real use-lite vectors (variants: small perturbations); the query path is the real one.
// Built indexes are kept in .cache/bench/scale/ with their build figures, so a rerun only reloads and serves
// (the 100k HNSW build takes minutes); --rebuild builds them again.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder } from '@toolsift/selector';
import { INDEX_FORMAT_VERSION } from '../../packages/selector/src/index-store/index-manifest.js';
import { repoRoot } from './bench-datasets.js';
import { runBenchChild } from './bench-process.js';
import { benchCacheDir, benchEmbedder } from './bench-selector.js';
import { baseViewTexts, loadBaseTools } from './scale-catalog.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    kinds: { type: 'string', default: 'hnsw,exact' },
    queries: { type: 'string', default: '200' },
    // Other queries served first, as in the speed bench: after too few, V8 is still optimising the select path.
    'warm-up': { type: 'string', default: '300' },
    rebuild: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map((size) => wholeNumber('sizes', size, 1));
wholeNumber('queries', values.queries, 1);
wholeNumber('warm-up', values['warm-up'], 0);
const loadAtStart = os.loadavg()[0] ?? 0;
const kinds = values.kinds.split(',');
for (const kind of kinds) {
  if (kind !== 'hnsw' && kind !== 'exact') throw new Error(`--kinds takes hnsw and/or exact, got "${kind}"`);
}

// 1. Real vectors for every view of the base tools, embedded once into the bench cache.
const base = await loadBaseTools();
const texts = await baseViewTexts(base);
let started = performance.now();
await (await benchEmbedder('use-lite')).embed(texts);
console.error(
  `${base.length} base tools, ${texts.length} view texts cached in ${seconds(performance.now() - started)} s`,
);

// 2. What embedding the views for real costs (distinct texts, no cache).
const real = await createEmbedder('use-lite');
const sample = texts.filter((_, index) => index % Math.ceil(texts.length / 512) === 0).slice(0, 512);
await real.embed(sample.slice(0, 32));
started = performance.now();
await real.embed(sample);
const embedPerSecond = sample.length / ((performance.now() - started) / 1000);
console.error(`use-lite embeds ${embedPerSecond.toFixed(0)} view texts/s`);

// 3. Build, then serve, each in a fresh process.
const rows: Array<{ build: Result; serve: Result }> = [];
for (const size of sizes) {
  for (const kind of kinds) {
    const indexDir = path.join(benchCacheDir, 'scale', `${size}-${kind}`);
    const args = [
      '--size',
      String(size),
      '--kind',
      kind,
      '--index-dir',
      indexDir,
      '--queries',
      values.queries,
      '--warm-up',
      values['warm-up'],
    ];
    const buildRecord = path.join(benchCacheDir, 'scale', `${size}-${kind}.build.json`);
    const build = async (): Promise<Result> => {
      await rm(indexDir, { recursive: true, force: true });
      const result = {
        ...(await runChild(['--phase', 'build', ...args])),
        builtOn: today(),
        indexFormat: INDEX_FORMAT_VERSION,
      };
      await writeFile(buildRecord, JSON.stringify(result));
      return result;
    };
    let built = values.rebuild ? undefined : await readRecord(buildRecord);
    const isCached = built !== undefined;
    let serve: Result;
    try {
      built ??= await build();
      serve = await runChild(['--phase', 'serve', ...args]);
    } catch (error) {
      if (!isCached) throw error;
      // The cached index was stale (another catalog, a damaged folder): build it again.
      console.error(`${size} ${kind}: rebuilding the cached index`);
      built = await build();
      serve = await runChild(['--phase', 'serve', ...args]);
    }
    rows.push({ build: built, serve });
    console.error(
      `${size} ${kind}: build ${seconds(built.buildMs)} s (${built.builtOn}), reload ${seconds(serve.reloadMs)} s, ` +
        `select p50 ${serve.withEmbedding.p50.toFixed(1)} ms (${serve.withoutEmbedding.p50.toFixed(1)} ms without embedding)`,
    );
  }
}

const report = renderReport(rows, embedPerSecond);
await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(path.join(repoRoot, 'bench/results/scale.md'), report);
console.log(report);

// --- internal ---

interface Latency {
  p50: number;
  p99: number;
  mean: number;
  stages: Record<string, number>;
}

interface Result {
  size: number;
  kind: string;
  tools: number;
  views: number;
  buildMs: number;
  lookupMs: number;
  peakRssMb: number;
  reloadMs: number;
  withEmbedding: Latency;
  withoutEmbedding: Latency;
  rssMb: number;
  queryWords: number;
  /** Date of the build the build figures come from (the index may be reused from an earlier run). */
  builtOn?: string;
  /** Index format the cached build was written in: an older one is rebuilt before serving, not served. */
  indexFormat?: number;
}

/** The record of a cached build in the current index format, else undefined (then it is built again). */
async function readRecord(file: string): Promise<Result | undefined> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Result;
    return record.indexFormat === INDEX_FORMAT_VERSION ? record : undefined;
  } catch {
    return undefined;
  }
}

/** A whole-number option, or an error naming it (a bad value would otherwise measure nothing, quietly). */
function wholeNumber(name: string, value: string, min: number): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isInteger(parsed) || parsed < min)
    throw new Error(`--${name} takes whole numbers >= ${min}, got "${value}"`);
  return parsed;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function runChild(args: string[]): Promise<Result> {
  return runBenchChild<Result>(path.join(import.meta.dirname, 'scale-run.ts'), args);
}

function renderReport(
  results: ReadonlyArray<{ build: Result; serve: Result }>,
  embedPerSecond: number,
): string {
  const lines = [
    '# Speed at scale',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `Node ${process.version}, by \`pnpm bench:scale\` (bench/src/scale.ts). Load average (1 min) ` +
      `${loadAtStart.toFixed(1)} at the start and ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end: other processes ` +
      'shared the cores, so latencies are upper bounds.',
    '',
    '| tools | views | index | build (s) | build views/s | reload (s) | select p50 / p99 (ms) | without query embedding p50 / p99 (ms) | RSS serving (MB) | peak RSS building (MB) |',
    '|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { build, serve } of results) {
    const indexMs = build.buildMs - build.lookupMs;
    lines.push(
      `| ${build.tools.toLocaleString('en-US')} | ${build.views.toLocaleString('en-US')} | ${build.kind} | ${seconds(indexMs)} | ` +
        `${Math.round(build.views / (indexMs / 1000)).toLocaleString('en-US')} | ${seconds(serve.reloadMs)} | ` +
        `${serve.withEmbedding.p50.toFixed(1)} / ${serve.withEmbedding.p99.toFixed(1)} | ` +
        `${serve.withoutEmbedding.p50.toFixed(1)} / ${serve.withoutEmbedding.p99.toFixed(1)} | ` +
        `${Math.round(serve.rssMb)} | ${Math.round(build.peakRssMb)} |`,
    );
  }
  const largest = results.filter(
    ({ serve }) => serve.size === Math.max(...results.map((row) => row.serve.size)),
  );
  lines.push(
    '',
    'Mean time per stage of a warm `select` at the largest size (ms, query embedding included):',
    '',
  );
  for (const { serve } of largest) {
    const stages = Object.entries(serve.withEmbedding.stages)
      .map(([stage, ms]) => `${stage} ${ms.toFixed(2)}`)
      .join(', ');
    lines.push(`- ${serve.kind}: ${stages}`);
  }
  const views100k = results.find(({ build }) => build.size >= 100_000)?.build.views;
  lines.push(
    '',
    '## How it is measured',
    '',
    '- Catalogs: the 55 tools of metadata/ and the tools of eight ../shared/bench catalogs (about 13k real tools), ' +
      'interleaved; above that, copies of them whose texts carry a variant marker. 1k and 10k are real tools only.',
    '- Catalog vectors: the real use-lite vectors of the views (from the bench embedding cache); a copy gets the ' +
      'original vector plus Gaussian noise of norm 0.25 (cosine ~0.97), so the vector index holds no duplicates. ' +
      `Embedding for real runs at ${embedPerSecond.toFixed(0)} view texts/s here` +
      (views100k === undefined
        ? '.'
        : `: ${Math.round(views100k / embedPerSecond / 60)} min for the ${views100k.toLocaleString('en-US')} views of 100k tools.`),
    '- Build: `createSelector` on the catalog with an empty index folder (vector index, BM25 index, name matcher, rule texts, save), ' +
      'cache lookups subtracted. The built index is kept in .cache/bench/scale/ with its build figures and reused by later runs ' +
      `(builds used here: ${[...new Set(results.map(({ build }) => build.builtOn ?? '?'))].join(', ')}; \`--rebuild\` builds again). ` +
      'Reload: `createSelector` again in a fresh process, the saved index verified (checksums) and loaded.',
    '- Select: `selector.select(query, { k: 5 })` with the full engine and its rules, on ' +
      `${values.queries} real queries (metatool, toolbench-stable, seal-tools; median ${results[0]?.serve.queryWords ?? '?'} words) ` +
      `after ${values['warm-up']} other queries of the same datasets as warm-up, in the ` +
      'serving process. "With" runs the real use-lite model on each query; "without" replays the same query vectors.',
    '- RSS serving: resident memory of the serving process after the queries; peak RSS building: of the build process.',
    '',
  );
  return lines.join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
}

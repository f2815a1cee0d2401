/**
 * The vector backends side by side in one run: toolsift's indexes (hnswlib-node HNSW and the exact scan in the
 * WebAssembly kernel) against `usearch` (HNSW and exact search, SimSIMD kernels), on real use-lite vectors (512-d,
 * from the bench embedding cache) with real bench prompts as queries. Each backend builds, searches, saves and
 * reloads in processes of its own; a last process scores shortlists of stored vectors every way the code can.
 *
 *   node --import tsx/esm --conditions=@toolsift/source bench/src/vector-backends.ts [--sizes 10000,100000]
 *     [--backends hnswlib,usearch-hnsw,exact,usearch-exact]
 *
 * Writes bench/results/vector-backends.md. Needs the bench embedding cache (`pnpm bench:speed` fills it).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBenchChild, timingPrompts } from './bench-process.js';
import { benchLog, benchResults, seconds } from './bench-results.js';
import {
  BACKENDS,
  type Backend,
  type Measured,
  SEARCH_K,
  type ShortlistMeasured,
} from './vector-backend-child.js';
import { realVectors, writeVectors } from './vector-backend-data.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    backends: { type: 'string', default: BACKENDS.join(',') },
  },
});
const sizes = values.sizes.split(',').map(Number);
// The exact index is always built: it is the recall oracle.
const backends = BACKENDS.filter((name) => name === 'exact' || values.backends.split(',').includes(name));
const started = performance.now();
const child = fileURLToPath(new URL('./vector-backend-child.ts', import.meta.url));
const { prompts } = await timingPrompts({ count: 300, warmUp: 300 });

const backendRows: string[] = [];
const shortlistRows: string[] = [];
let queryCount = 0;
for (const size of sizes) {
  const dir = path.join(tmpdir(), `toolsift-vector-backends-${size}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { dataset, queries } = await realVectors({ size, queries: prompts });
  queryCount = queries.count;
  await writeVectors(path.join(dir, 'dataset.f32'), dataset);
  await writeVectors(path.join(dir, 'queries.f32'), queries);
  const built = new Map<Backend, Measured>();
  for (const backend of backends) {
    benchLog(`${size}: build ${backend}`);
    built.set(backend, await runBenchChild<Measured>(child, ['build', backend, dir]));
  }
  const truth = built.get('exact')!.top10;
  const reloads = backends.includes('usearch-hnsw') ? [...backends, 'usearch-hnsw-view' as const] : backends;
  for (const backend of reloads) {
    benchLog(`${size}: reload ${backend}`);
    const reloaded = await runBenchChild<Measured>(child, ['reload', backend, dir]);
    const build = built.get(backend === 'usearch-hnsw-view' ? 'usearch-hnsw' : backend)!;
    backendRows.push(
      row([
        size.toLocaleString('en-US'),
        backend,
        backend === 'usearch-hnsw-view' ? '' : seconds(build.buildMs ?? 0),
        `${build.p50.toFixed(3)} / ${build.p99.toFixed(3)}`,
        recallAt10(build.top10, truth).toFixed(3),
        backend === 'usearch-hnsw-view' ? '' : (build.saveMs ?? 0).toFixed(0),
        (build.diskMb ?? 0).toFixed(0),
        `${reloaded.loadMs.toFixed(0)}${reloaded.checksumMs === undefined ? '' : ` + ${reloaded.checksumMs.toFixed(0)}`}`,
        `${reloaded.p50.toFixed(3)} / ${reloaded.p99.toFixed(3)}`,
        recallAt10(reloaded.top10, truth).toFixed(3),
        backend === 'usearch-hnsw-view' ? '' : String(build.rssMb),
        `${reloaded.rssMb} (heap ${reloaded.heapMb})`,
      ]),
    );
  }
  if (backends.includes('hnswlib')) shortlistRows.push(...(await scoreShortlists(size, dir)));
  await rm(dir, { recursive: true, force: true });
}

const { dir: resultsDir, meta } = await benchResults({ embedder: 'use-lite', started });
const report = [
  '# Vector backends side by side',
  '',
  `Run ${meta.date} (${meta.minutes} min), \`bench/src/vector-backends.ts\`. Real use-lite vectors (512-d) from the`,
  'bench embedding cache (above the cache, real vectors with a small perturbation), minus the prompts; queries:',
  `${queryCount} real bench prompts, k = ${SEARCH_K} (the selector's 40-tool pool x 2 views), one thread each.`,
  'HNSW: m 16, ef construction 100, ef search 100 in both libraries (hnswlib-node through searchKnn / addPoint,',
  'the calls npm installs have). Each build and each reload in its own process;',
  'RSS after a forced GC. Recall@10 against the exact index on the same data. usearch reloads: load (or memory-',
  'mapped view) + reading the file once for its CRC-32, as toolsift checks every payload it loads.',
  '',
  row([
    'vectors',
    'backend',
    'build s',
    'query p50 / p99 ms',
    'recall@10',
    'save ms',
    'disk MB',
    'reload ms',
    'reloaded query p50 / p99 ms',
    'recall@10 reloaded',
    'RSS built MB',
    'RSS reloaded MB',
  ]),
  `|${'---|'.repeat(12)}`,
  ...backendRows,
  '',
  `Scoring stored vectors for a shortlist: 200 scattered stored vectors x 4 queries (a prompt and three sentences)`,
  'per select, 1,000 selects after 100 of warm-up (getPoint: every tenth), the paths taking turns, each select on',
  'other vectors (ms per select):',
  '',
  row(['vectors', 'path', 'p50', 'p99', 'mean']),
  '|---|---|---:|---:|---:|',
  ...shortlistRows,
  '',
];
await writeFile(path.join(resultsDir, 'vector-backends.md'), report.join('\n'));
process.stdout.write(report.join('\n'));

// --- internal ---

/** The shortlist child's rows (it scores vectors of the HNSW index saved in `dir`). */
async function scoreShortlists(size: number, dir: string): Promise<string[]> {
  benchLog(`${size}: shortlist scoring`);
  const scored = await runBenchChild<ShortlistMeasured>(child, ['shortlist', dir]);
  const label = size.toLocaleString('en-US');
  return [
    ...scored.rows.map((entry) =>
      row([label, entry.path, entry.p50.toFixed(3), entry.p99.toFixed(3), entry.mean.toFixed(3)]),
    ),
    row([
      label,
      `(every vector read back by getPoint once: ${scored.getPointAllMs.toFixed(0)} ms)`,
      '',
      '',
      '',
    ]),
  ];
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function recallAt10(found: number[][], truth: number[][]): number {
  let hits = 0;
  let total = 0;
  for (const [index, expected] of truth.entries()) {
    const got = new Set(found[index] ?? []);
    total += expected.length;
    hits += expected.filter((key) => got.has(key)).length;
  }
  return total === 0 ? 1 : hits / total;
}

// Vector index benchmark: build, query (p50/p99) and reload times of the exact and HNSW indexes on random
// 512-d unit vectors. Usage:
//   node --import tsx/esm --conditions=@toolsift/source bench/src/vector-index.ts [--sizes 1000,10000,100000]
//     [--dimensions 512] [--queries 200] [--kinds exact,hnsw] [--data random|structured]
// `structured` vectors have low-rank structure (a 24-d latent space plus noise), closer to text embeddings;
// on uniformly random high-dimensional vectors HNSW recall is poor by nature.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createExactVectorIndex,
  createHnswVectorIndex,
  loadVectorIndex,
  type VectorIndex,
} from '@toolsift/selector';
import { percentile } from './bench-process.js';
import { gaussian, normalise, seededRandom } from './seeded-random.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    dimensions: { type: 'string', default: '512' },
    queries: { type: 'string', default: '200' },
    kinds: { type: 'string', default: 'exact,hnsw' },
    data: { type: 'string', default: 'random' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const dimensions = Number(values.dimensions);
const queryCount = Number(values.queries);
const kinds = values.kinds.split(',') as Array<'exact' | 'hnsw'>;
const K = 10;

interface Row {
  kind: string;
  size: number;
  buildMs: number;
  perVectorMs: number;
  p50: number;
  p99: number;
  recall: string;
  saveMs: number;
  reloadMs: number;
  diskMb: number;
  rssMb: number;
}

const rows: Row[] = [];
for (const size of sizes) {
  const random = seededRandom(size);
  const makeVector = values.data === 'structured' ? structuredSource(random, dimensions) : () => unit(random);
  const entries = Array.from({ length: size }, (_, i) => ({ key: `tool-${i}`, vector: makeVector() }));
  const queries = Array.from({ length: queryCount }, () => makeVector());
  let truth: Array<Set<string>> | undefined;
  for (const kind of kinds) {
    const started = performance.now();
    const index =
      kind === 'exact'
        ? createExactVectorIndex({ dimensions, initialCapacity: size })
        : createHnswVectorIndex({ dimensions, initialCapacity: size });
    index.upsert(entries);
    const buildMs = performance.now() - started;
    const { latencies, results } = runQueries(index, queries);
    if (kind === 'exact') truth = results.map((hits) => new Set(hits));
    const recall = truth === undefined ? '-' : recallAt(results, truth).toFixed(3);
    const dir = await mkdtemp(path.join(tmpdir(), 'toolsift-bench-vector-'));
    let time = performance.now();
    await index.save(dir);
    const saveMs = performance.now() - time;
    time = performance.now();
    const reloaded = await loadVectorIndex(dir, { dimensions });
    const reloadMs = performance.now() - time;
    if (reloaded.size !== size) throw new Error(`reloaded ${reloaded.size} of ${size} vectors`);
    const diskMb = (await folderBytes(dir)) / 2 ** 20;
    await rm(dir, { recursive: true, force: true });
    rows.push({
      kind,
      size,
      buildMs,
      perVectorMs: buildMs / size,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      recall,
      saveMs,
      reloadMs,
      diskMb,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    });
    console.error(`done: ${kind} ${size}`);
  }
}

console.log(`\nvector index, ${dimensions}-d ${values.data} unit vectors, k=${K}, ${queryCount} queries\n`);
const header = ['kind', 'vectors', 'build ms', 'ms/vector', 'query p50', 'query p99', 'recall@10'];
const tail = ['save ms', 'reload ms', 'disk MB', 'rss MB'];
const table = rows.map((row) => [
  row.kind,
  String(row.size),
  row.buildMs.toFixed(0),
  row.perVectorMs.toFixed(3),
  `${row.p50.toFixed(3)} ms`,
  `${row.p99.toFixed(3)} ms`,
  row.recall,
  row.saveMs.toFixed(0),
  row.reloadMs.toFixed(0),
  row.diskMb.toFixed(1),
  row.rssMb.toFixed(0),
]);
printTable([...header, ...tail], table);

// --- internal ---

function runQueries(index: VectorIndex, queries: Float32Array[]) {
  for (const query of queries.slice(0, 10)) index.search(query, K); // warm up
  const latencies: number[] = [];
  const results: string[][] = [];
  for (const query of queries) {
    const started = performance.now();
    const hits = index.search(query, K);
    latencies.push(performance.now() - started);
    results.push(hits.map((hit) => hit.key));
  }
  return { latencies, results };
}

function recallAt(results: string[][], truth: Array<Set<string>>): number {
  let found = 0;
  let total = 0;
  for (const [i, keys] of results.entries()) {
    const expected = truth[i] ?? new Set<string>();
    total += expected.size;
    found += keys.filter((key) => expected.has(key)).length;
  }
  return total === 0 ? 1 : found / total;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(path.join(dir, name))).size;
  return total;
}

function unit(random: () => number): Float32Array {
  return normalise(Float32Array.from({ length: dimensions }, () => gaussian(random)));
}

function structuredSource(random: () => number, dims: number): () => Float32Array {
  const latent = 24;
  const basis = Array.from({ length: latent }, () => unit(random));
  return () => {
    const vector = new Float32Array(dims);
    for (const direction of basis) {
      const weight = gaussian(random);
      for (let i = 0; i < dims; i++) vector[i] = (vector[i] ?? 0) + weight * (direction[i] ?? 0);
    }
    const noise = unit(random);
    for (let i = 0; i < dims; i++) vector[i] = (vector[i] ?? 0) + 1.5 * (noise[i] ?? 0);
    return normalise(vector);
  };
}

function printTable(head: string[], body: string[][]): void {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...body.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
}

// One measurement of the vector-backend bench (vector-backends.ts), run in its own process so that its memory is
// its own:
//   build <backend> <dir>     build from dir/dataset.f32, search dir/queries.f32, save into dir/<backend>
//   reload <backend> <dir>    load dir/<backend> again (usearch-hnsw-view: memory-mapped) and search
//   shortlist <dir>           score shortlists of stored vectors every way there is (the selector's third job)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createExactVectorIndex,
  createHnswVectorIndex,
  loadVectorIndex,
  type VectorIndex,
} from '@toolsift/selector';
import { exactSearch, Index, type Matches, MetricKind, ScalarKind } from 'usearch';
import { crc32 } from '../../packages/selector/src/shared/checksum.js';
import { dotProduct } from '../../packages/selector/src/vector-index/dot-product.js';
import { batchDotProducts } from '../../packages/selector/src/vector-index/simd-dot-products.js';
import { percentile, reportResult } from './bench-process.js';
import { seededRandom } from './seeded-random.js';
import { readVectors, type VectorSet, vectorAt } from './vector-backend-data.js';

/** What the selector asks the vector index for: 40 tools x 2 views each (`poolSize`, `viewsPerTool`). */
export const SEARCH_K = 80;
export const BACKENDS = ['hnswlib', 'usearch-hnsw', 'exact', 'usearch-exact'] as const;
export type Backend = (typeof BACKENDS)[number];

/** What a build or reload child reports. */
export interface Measured {
  buildMs?: number;
  saveMs?: number;
  diskMb?: number;
  loadMs: number;
  /** usearch only: reading the saved file once for its CRC-32, as toolsift checks every payload it loads. */
  checksumMs?: number | undefined;
  p50: number;
  p99: number;
  /** The 10 nearest keys of each query. */
  top10: number[][];
  rssMb: number;
  heapMb: number;
  externalMb: number;
}

/** What the shortlist child reports: per select (4 queries over `SHORTLIST` scattered stored vectors), in ms. */
export interface ShortlistMeasured {
  rows: Array<{ path: string; p50: number; p99: number; mean: number }>;
  /** Reading every stored vector back through hnswlib's `getPoint` (what a load without the vectors would cost). */
  getPointAllMs: number;
}

/** Views scored per select: about 40 tools' views (2.5 each at 10k tools) plus room. */
const SHORTLIST = 200;
const QUERIES_PER_SELECT = 4;
const SELECTS = 1000;
const WARM_UP = 100;

const [mode, first, second] = process.argv.slice(2);
if (mode === 'build' || mode === 'reload') {
  const backend = first as Backend | 'usearch-hnsw-view';
  const dir = second!;
  const queries = await readVectors(path.join(dir, 'queries.f32'), 512);
  reportResult(
    mode === 'build' ? await build(backend as Backend, dir, queries) : await reload(backend, dir, queries),
  );
} else if (mode === 'shortlist') {
  reportResult(await shortlist(first!));
}

// --- internal ---

/** The part of hnswlib-node's index the shortlist paths use. */
interface RawGraph {
  readIndex(file: string): Promise<boolean>;
  getPoint(label: number): number[];
}

interface Searchable {
  search(query: Float32Array): number[];
}

async function build(backend: Backend, dir: string, queries: VectorSet): Promise<Measured> {
  let dataset: VectorSet | undefined = await readVectors(path.join(dir, 'dataset.f32'), 512);
  const count = dataset.count;
  const target = path.join(dir, backend);
  let started = performance.now();
  let index: Searchable & { save(dir: string): Promise<void> };
  if (backend === 'hnswlib' || backend === 'exact') {
    const ours =
      backend !== 'exact'
        ? createHnswVectorIndex({ dimensions: 512, initialCapacity: dataset.count })
        : createExactVectorIndex({ dimensions: 512, initialCapacity: dataset.count });
    const set = dataset;
    ours.upsert(Array.from({ length: set.count }, (_, i) => ({ key: String(i), vector: vectorAt(set, i) })));
    index = toolsiftSearchable(ours);
  } else if (backend === 'usearch-hnsw') {
    const hnsw = newUsearchIndex();
    hnsw.add(
      BigUint64Array.from({ length: count }, (_, i) => BigInt(i)),
      dataset.data,
      1,
    );
    index = {
      ...usearchSearchable(hnsw, keyTable(count)),
      save: async (file) => {
        hnsw.save(file);
        await writeFile(`${file}.keys`, JSON.stringify(keyTable(count)));
      },
    };
  } else {
    const set = dataset;
    index = {
      ...exactUsearchSearchable(set, keyTable(set.count)),
      save: (file) => writeFile(file, new Uint8Array(set.data.buffer)),
    };
  }
  const buildMs = performance.now() - started;
  if (backend !== 'usearch-exact') dataset = undefined; // the index holds its own copy
  const timed = timeQueries(index, queries);
  started = performance.now();
  await index.save(target);
  const saveMs = performance.now() - started;
  return { buildMs, saveMs, diskMb: (await sizeOf(target)) / 2 ** 20, loadMs: 0, ...timed, ...memory() };
}

async function reload(
  backend: Backend | 'usearch-hnsw-view',
  dir: string,
  queries: VectorSet,
): Promise<Measured> {
  const saved = path.join(dir, backend === 'usearch-hnsw-view' ? 'usearch-hnsw' : backend);
  let started = performance.now();
  let index: Searchable;
  let checksumMs: number | undefined;
  if (backend === 'hnswlib' || backend === 'exact') {
    index = toolsiftSearchable(await loadVectorIndex(saved, { dimensions: 512 }));
  } else if (backend === 'usearch-exact') {
    const set = await readVectors(saved, 512);
    index = exactUsearchSearchable(set, keyTable(set.count));
  } else {
    const hnsw = newUsearchIndex();
    if (backend === 'usearch-hnsw-view') hnsw.view(saved);
    else hnsw.load(saved);
    const keys = JSON.parse(await readFile(`${saved}.keys`, 'utf8')) as string[];
    index = usearchSearchable(hnsw, keys);
  }
  const loadMs = performance.now() - started;
  if (backend.startsWith('usearch')) {
    started = performance.now();
    crc32(await readFile(saved));
    checksumMs = performance.now() - started;
  }
  return { loadMs, checksumMs, ...timeQueries(index, queries), ...memory() };
}

async function shortlist(dir: string): Promise<ShortlistMeasured> {
  const queries = await readVectors(path.join(dir, 'queries.f32'), 512);
  const kept = await readVectors(path.join(dir, 'dataset.f32'), 512);
  const graphDir = path.join(dir, 'hnswlib');
  const graphFile = path.join(graphDir, (await readdir(graphDir)).find((name) => name.endsWith('.graph'))!);
  const hnswlib = createRequire(new URL('../../packages/selector/package.json', import.meta.url))(
    'hnswlib-node',
  ) as { HierarchicalNSW: new (space: string, dimensions: number) => RawGraph };
  const graph = new hnswlib.HierarchicalNSW('cosine', 512);
  await graph.readIndex(graphFile);
  const random = seededRandom(7);
  const pick = () => Array.from({ length: SHORTLIST }, () => Math.floor(random() * kept.count));
  const queryAt = (select: number, position: number) =>
    vectorAt(queries, (select * QUERIES_PER_SELECT + position) % queries.count);
  const into = new Float64Array(SHORTLIST);
  const paths: Record<string, (labels: number[], select: number) => void> = {
    // Vectors kept in JavaScript memory (an upserted index, or a vectors file read at load), WebAssembly kernel.
    'WebAssembly SIMD kernel (vectors kept)': (labels, select) => {
      const offsets = Int32Array.from(labels, (label) => label * 512);
      const sources = labels.map(() => kept.data);
      const dots = batchDotProducts({ sources, offsets, count: SHORTLIST, dimensions: 512 });
      for (let q = 0; q < QUERIES_PER_SELECT; q++) dots(queryAt(select, q), into);
    },
    'scalar loop (vectors kept)': (labels, select) => {
      for (let q = 0; q < QUERIES_PER_SELECT; q++) {
        const query = queryAt(select, q);
        for (let j = 0; j < SHORTLIST; j++) into[j] = dotProduct(query, kept.data, labels[j]! * 512);
      }
    },
    // Unpatched hnswlib-node: each vector read back as a JavaScript array, then the kernel.
    'getPoint per vector, then the kernel': (labels, select) => {
      const points = labels.map((label) => Float32Array.from(graph.getPoint(label)));
      const offsets = new Int32Array(SHORTLIST);
      const dots = batchDotProducts({ sources: points, offsets, count: SHORTLIST, dimensions: 512 });
      for (let q = 0; q < QUERIES_PER_SELECT; q++) dots(queryAt(select, q), into);
    },
  };
  // The paths take turns, each select on other vectors, so the machine's noise falls on all alike; getPoint,
  // orders of magnitude slower, only on every tenth select.
  const entries = Object.entries(paths);
  const times = entries.map((): number[] => []);
  for (let select = 0; select < SELECTS + WARM_UP; select++) {
    for (const [position, [name, run]] of entries.entries()) {
      if (name.startsWith('getPoint') && select % 10 !== 0) continue;
      const labels = pick();
      const started = performance.now();
      run(labels, select);
      if (select >= WARM_UP) times[position]!.push(performance.now() - started);
    }
  }
  const rows = entries.map(([name], position) => {
    const measured = times[position]!;
    return {
      path: name,
      p50: percentile(measured, 0.5),
      p99: percentile(measured, 0.99),
      mean: measured.reduce((sum, time) => sum + time, 0) / measured.length,
    };
  });
  const started = performance.now();
  for (let label = 0; label < kept.count; label++) Float32Array.from(graph.getPoint(label));
  return { rows, getPointAllMs: performance.now() - started };
}

function toolsiftSearchable<T extends VectorIndex>(
  index: T,
): Searchable & { save(dir: string): Promise<void> } {
  return {
    search: (query) => index.search(query, SEARCH_K).map((hit) => Number(hit.key)),
    save: (dir) => index.save(dir),
  };
}

function newUsearchIndex(): Index {
  return new Index({
    dimensions: 512,
    metric: MetricKind.IP,
    quantization: ScalarKind.F32,
    connectivity: 16,
    expansion_add: 100,
    expansion_search: 100,
    multi: false,
  });
}

/** usearch's HNSW, asked for as many candidates as `HnswVectorIndex` asks hnswlib for (k + 10). */
function usearchSearchable(index: Index, keys: readonly string[]): Searchable {
  return {
    search: (query) => {
      const found = index.search(query, SEARCH_K + 10, 1);
      const hits: Array<{ key: string; similarity: number }> = [];
      for (let i = 0; i < found.keys.length; i++)
        hits.push({ key: keys[Number(found.keys[i])]!, similarity: 1 - found.distances[i]! });
      return hits.slice(0, SEARCH_K).map((hit) => Number(hit.key));
    },
  };
}

function exactUsearchSearchable(set: VectorSet, keys: readonly string[]): Searchable {
  return {
    search: (query) => {
      // A copy: the addon reads the query from the start of its buffer, whatever the array's byteOffset.
      const found = exactSearch(set.data, query.slice(), 512, SEARCH_K, MetricKind.IP, 1) as Matches;
      const hits: Array<{ key: string; similarity: number }> = [];
      for (let i = 0; i < found.keys.length; i++)
        hits.push({ key: keys[Number(found.keys[i])]!, similarity: 1 - found.distances[i]! });
      return hits.map((hit) => Number(hit.key));
    },
  };
}

function timeQueries(index: Searchable, queries: VectorSet): Pick<Measured, 'p50' | 'p99' | 'top10'> {
  for (let i = 0; i < Math.min(50, queries.count); i++)
    index.search(vectorAt(queries, queries.count - 1 - i));
  const times: number[] = [];
  const top10: number[][] = [];
  for (let i = 0; i < queries.count; i++) {
    const started = performance.now();
    const hits = index.search(vectorAt(queries, i));
    times.push(performance.now() - started);
    top10.push(hits.slice(0, 10));
  }
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), top10 };
}

function keyTable(count: number): string[] {
  return Array.from({ length: count }, (_, i) => String(i));
}

async function sizeOf(target: string): Promise<number> {
  const info = await stat(target);
  if (!info.isDirectory())
    return info.size + ((await stat(`${target}.keys`).catch(() => undefined))?.size ?? 0);
  let total = 0;
  for (const name of await readdir(target)) total += (await stat(path.join(target, name))).size;
  return total;
}

function memory(): Pick<Measured, 'rssMb' | 'heapMb' | 'externalMb'> {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const usage = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return { rssMb: mb(usage.rss), heapMb: mb(usage.heapUsed), externalMb: mb(usage.external) };
}

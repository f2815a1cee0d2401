/**
 * The dot-product paths side by side at 10k tools: warm `select` latency without the query embedding, each path
 * in its own process on the same saved index, same prompts and warm-up as the speed bench.
 *
 *   node --import tsx/esm --conditions=@toolsift/source test/bench/dot-product-paths.ts
 *
 * Paths (the bench removes methods or globals before the selector loads, as an install without them would be):
 * - native: the patched addon's `innerProductsAt` scores a reloaded graph's views in hnswlib's memory;
 * - wasm: the patch without `innerProductsAt`: the graph file's bytes are kept and views go through the SIMD kernel;
 * - unpatched: plain hnswlib-node from npm (no `innerProductsAt`, `searchKnnInto`, `addPointFrom`), SIMD kernel;
 * - scalar: as unpatched, and no WebAssembly once the index is loaded, so `dotProduct` scores every view;
 * - built: the selector that built the index (vectors in JavaScript memory, SIMD kernel), for reference.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSelector, type Selector } from '@toolsift/selector';
import { percentile, reportResult, runBenchChild, timingPrompts } from './bench-process.js';
import { benchCacheDir, benchEmbedder, flushEmbeddings } from './bench-selector.js';
import { loadBaseTools, syntheticCatalog } from './scale-catalog.js';

const TOOL_COUNT = Number(process.env.SPEED_TOOLS ?? 10_000);
const QUERY_COUNT = 300;
const WARM_UP_COUNT = 300;
const PATHS = ['native', 'wasm', 'unpatched', 'scalar'] as const;
type DotPath = (typeof PATHS)[number];

const tools = syntheticCatalog(await loadBaseTools(), TOOL_COUNT);
const { prompts, warmUp } = await timingPrompts({ count: QUERY_COUNT, warmUp: WARM_UP_COUNT });
const indexDir = path.join(benchCacheDir, 'indexes', `dot-paths-${TOOL_COUNT}`);

const childPath = PATHS.find((name) => process.argv.includes(`--${name}`));
if (childPath !== undefined) {
  await disable(childPath);
  const selector = await createSelector({
    catalog: tools,
    embedder: await benchEmbedder('use-lite'),
    indexDir,
  });
  if (selector.index.status !== 'loaded') throw new Error(`expected a reload, got ${selector.index.status}`);
  // After the load (the embedder's model files are fetched, and undici needs WebAssembly) and before the first
  // selection instantiates the kernel. The cached embedder runs no model here: every prompt is in the bench cache.
  if (childPath === 'scalar') (globalThis as { WebAssembly?: unknown }).WebAssembly = undefined;
  reportResult(await serve(selector));
  process.exit(0);
}

await mkdir(indexDir, { recursive: true });
const built = await createSelector({ catalog: tools, embedder: await benchEmbedder('use-lite'), indexDir });
// Embed every prompt once in this process, so the children find them all in the bench cache.
const rows: Array<[string, Served]> = [['built', await serve(built)]];
await flushEmbeddings();
for (const name of PATHS) {
  rows.push([name, await runBenchChild<Served>(fileURLToPath(import.meta.url), [`--${name}`])]);
}
const lines = [
  `| path (${TOOL_COUNT} tools, ${prompts.length} prompts) | select p50 w/o embedding (ms) | p99 | dense stage mean (ms) | RSS (MB) |`,
  '|---|---:|---:|---:|---:|',
  ...rows.map(
    ([name, served]) =>
      `| ${name} | ${served.p50.toFixed(3)} | ${served.p99.toFixed(3)} | ${served.denseMean.toFixed(3)} | ${served.rssMb} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);

// --- internal ---

interface Served {
  p50: number;
  p99: number;
  denseMean: number;
  rssMb: number;
}

async function serve(selector: Selector): Promise<Served> {
  for (const prompt of warmUp) await selector.select(prompt, { k: 5 });
  const times: number[] = [];
  let dense = 0;
  for (const prompt of prompts) {
    const { timings } = await selector.select(prompt, { k: 5 });
    times.push((timings.total ?? 0) - (timings.embed ?? 0));
    dense += timings.dense ?? 0;
  }
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    denseMean: dense / prompts.length,
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
}

/** Remove what a path goes without, before anything loads the index or instantiates the kernel. */
async function disable(name: DotPath): Promise<void> {
  if (name === 'native') return;
  const { createRequire } = await import('node:module');
  // The selector's own copy (the one it loads), resolved from its package.
  const selectorPackage = new URL('../../packages/selector/package.json', import.meta.url);
  const hnswlib = createRequire(selectorPackage)('hnswlib-node') as {
    HierarchicalNSW: new (...args: never[]) => object;
  };
  // The addon's methods cannot be deleted: a subclass hides them, and the module exports it instead.
  const hidden = name === 'wasm' ? ['innerProductsAt'] : ['innerProductsAt', 'searchKnnInto', 'addPointFrom'];
  const Original = hnswlib.HierarchicalNSW;
  const Plain = class extends Original {};
  for (const method of hidden) Object.defineProperty(Plain.prototype, method, { value: undefined });
  hnswlib.HierarchicalNSW = Plain;
}

// One measurement of the scale bench, in a fresh process (so RSS is its own), started by scale.ts:
//   --phase build: build and save the index of a synthetic catalog of --size tools with a --kind vector index;
//   --phase serve: reload that index, then time `select` on real queries with the real use-lite embedding
//   (and again with the query vectors replayed, i.e. without the embedding). The result goes to scale.ts
//   through `reportResult`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder, createSelector, readBenchQueries, sampleQueries } from '@toolsift/selector';
import { benchRoot } from './bench-datasets.js';
import { percentile, reportResult } from './bench-process.js';
import { benchEmbedder } from './bench-selector.js';
import { createScaleEmbedder, loadBaseTools, syntheticCatalog } from './scale-catalog.js';

const { values } = parseArgs({
  options: {
    phase: { type: 'string' },
    size: { type: 'string' },
    kind: { type: 'string' },
    'index-dir': { type: 'string' },
    queries: { type: 'string', default: '200' },
    'warm-up': { type: 'string', default: '300' },
  },
});
const size = Number(values.size);
const kind = values.kind as 'hnsw' | 'exact';
const indexDir = values['index-dir']!;
const tools = syntheticCatalog(await loadBaseTools(), size);
const scale = createScaleEmbedder({
  real: await createEmbedder('use-lite'),
  cached: await benchEmbedder('use-lite'),
});
const open = () => createSelector({ catalog: tools, embedder: scale.embedder, indexDir, vectorIndex: kind });

if (values.phase === 'build') {
  const started = performance.now();
  const selector = await open();
  const buildMs = performance.now() - started;
  const views = tools.reduce((sum, tool) => sum + selector.views(tool.id).length, 0);
  report({
    tools: selector.tools.length,
    views,
    status: selector.index.status,
    buildMs,
    lookupMs: scale.stats.indexMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  });
} else {
  const started = performance.now();
  const selector = await open();
  const reloadMs = performance.now() - started;
  if (selector.index.status !== 'loaded') throw new Error(`expected a reload, got ${selector.index.status}`);
  const { warmup, measured } = await loadQueries(Number(values.queries), Number(values['warm-up']));
  scale.setMode('query');
  for (const query of warmup) await selector.select(query, { k: 5 });
  const withEmbedding = await timeSelections(selector, measured);
  scale.setMode('replay');
  const withoutEmbedding = await timeSelections(selector, measured);
  const words = measured.map((query) => query.split(/\s+/).length).sort((a, b) => a - b);
  report({
    reloadMs,
    queryWords: words[Math.floor(words.length / 2)],
    withEmbedding,
    withoutEmbedding,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    heapMb: process.memoryUsage().heapUsed / 2 ** 20,
  });
}

// --- internal ---

async function timeSelections(
  selector: Awaited<ReturnType<typeof open>>,
  queries: readonly string[],
): Promise<{ p50: number; p99: number; mean: number; stages: Record<string, number> }> {
  const latencies: number[] = [];
  const stages: Record<string, number> = {};
  for (const query of queries) {
    const started = performance.now();
    const selection = await selector.select(query, { k: 5 });
    latencies.push(performance.now() - started);
    for (const [stage, ms] of Object.entries(selection.timings))
      stages[stage] = (stages[stage] ?? 0) + ms / queries.length;
  }
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
    stages,
  };
}

/** Real benchmark queries, spread over three datasets; the warm-up queries are other queries of the same datasets. */
async function loadQueries(
  count: number,
  warmUpCount: number,
): Promise<{ warmup: string[]; measured: string[] }> {
  const parts = [
    ['metatool', 0.5],
    ['toolbench-stable', 0.3],
    ['seal-tools', 0.2],
  ] as const;
  const measured: string[] = [];
  const warmup: string[] = [];
  for (const [dataset, share] of parts) {
    const all = (await readBenchQueries(path.join(benchRoot(), dataset, 'queries.jsonl'))).map(
      (query) => query.query,
    );
    const picked = sampleQueries(all, Math.round(share * count) + 5);
    const chosen = new Set(picked);
    measured.push(...picked);
    warmup.push(
      ...sampleQueries(
        all.filter((text) => !chosen.has(text)),
        Math.round(share * warmUpCount),
      ),
    );
  }
  const unique = [...new Set(measured)].slice(0, count);
  const isMeasured = new Set(unique);
  return { warmup: [...new Set(warmup)].filter((text) => !isMeasured.has(text)), measured: unique };
}

function report(result: Record<string, unknown>): void {
  reportResult({ phase: values.phase, size, kind, ...result });
}

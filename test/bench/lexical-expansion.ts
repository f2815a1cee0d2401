/**
 * Fuzzy and prefix matching on and off, side by side in one run: nDCG@10 of BM25 alone and of toolsift (no
 * abstention) on every bench row, and the lexical stage's time per query (BM25 method, median and mean).
 * The "off" selectors use their own index folders (`-noexpansion`), so the cached default indexes stay valid.
 *
 *   node --import tsx/esm --conditions=@toolsift/source test/bench/lexical-expansion.ts
 */
import { evaluateSelector, type Selector } from '@toolsift/selector';
import { BENCH_ROWS, loadRowQueries } from './bench-datasets.js';
import { benchSelector, flushEmbeddings, warmQueries } from './bench-selector.js';

const EMBEDDER = process.env.BENCH_EMBEDDER ?? 'use-lite';
const only = process.env.BENCH_ROWS?.split(',');
const variants = [
  { label: 'on', variant: '', lexical: {} },
  { label: 'off', variant: '-noexpansion', lexical: { fuzzy: false, prefix: false } },
] as const;

const lines = [
  '| row | queries | BM25 nDCG@10 on | off | toolsift nDCG@10 on | off | Δ toolsift | lexical ms p50 on | off | mean on | off |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const row of BENCH_ROWS.filter((candidate) => only === undefined || only.includes(candidate.dataset))) {
  const queries = await loadRowQueries(row, 'report');
  const cells: Array<{ bm25: number; toolsift: number; p50: number; mean: number }> = [];
  for (const { variant, lexical } of variants) {
    const selector = await benchSelector(row.dataset, { embedder: EMBEDDER, variant, lexical });
    await warmQueries(selector, queries);
    const selectOptions = { abstain: false };
    const bm25 = await evaluateSelector({ selector, queries, method: 'bm25', selectOptions });
    const toolsift = await evaluateSelector({ selector, queries, method: 'toolsift', selectOptions });
    cells.push({
      bm25: bm25.summary['ndcg@10'],
      toolsift: toolsift.summary['ndcg@10'],
      ...(await lexicalTimes(selector, queries)),
    });
  }
  const [on, off] = cells as [(typeof cells)[0], (typeof cells)[0]];
  lines.push(
    `| ${row.label} | ${queries.length} | ${f(on.bm25)} | ${f(off.bm25)} | ${f(on.toolsift)} | ${f(off.toolsift)} | ${(on.toolsift - off.toolsift).toFixed(4)} | ${on.p50.toFixed(3)} | ${off.p50.toFixed(3)} | ${on.mean.toFixed(3)} | ${off.mean.toFixed(3)} |`,
  );
  process.stderr.write(`${lines.at(-1)}\n`);
}
await flushEmbeddings();
process.stdout.write(`${lines.join('\n')}\n`);

// --- internal ---

function f(value: number): string {
  return value.toFixed(4);
}

/** The lexical stage's own timing over the queries (BM25 method, so no embedding in between). */
async function lexicalTimes(
  selector: Selector,
  queries: ReadonlyArray<{ query: string }>,
): Promise<{ p50: number; mean: number }> {
  const times: number[] = [];
  for (const query of queries) {
    const selection = await selector.select(query.query, { k: 10, method: 'bm25', abstain: false });
    times.push(selection.timings.lexical ?? 0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / Math.max(times.length, 1);
  return { p50: times[Math.floor(times.length / 2)] ?? 0, mean };
}

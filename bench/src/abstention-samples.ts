import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BenchQuery, createToolNameResolver, readBenchQueries, type Selector } from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, loadRowQueries, repoRoot } from './bench-datasets.js';
import { benchCacheDir, benchEmbedder, benchSelector, warmQueries } from './bench-selector.js';

/**
 * Where a sample comes from: a bench row as published; one of our own no-tool prompts ranked over a bench
 * catalog; or a bench prompt ranked within a shortlist we drew (`gold` and random tools, or random tools only).
 */
export type SampleSource = 'bench' | 'no-tool' | 'shortlist';

/** One prompt as abstention sees it: the library's signals and fit, its label, and the prompt vector. */
export interface AbstentionSample {
  row: string;
  /** The bench dataset whose catalog ranked the prompt (a left-out dataset drops every sample of its own). */
  dataset: string;
  source: SampleSource;
  part: 'tune' | 'report';
  /** Raw signals from the abstention reason (see abstention-signals.ts). */
  signals: Record<string, number>;
  /** The shipped model's fit (1 when the prompt names a tool: the rule never abstains then). */
  fit: number;
  isNegative: boolean;
  /** The prompt names a tool (exact-name hit): never abstained, whatever the model says. */
  isExact: boolean;
  /** The prompt's embedding (the query vector the selector computes). */
  vector: number[];
}

/** Per part, at most this many queries of a row (evenly spaced; bfcl keeps all its gold [] ones). */
export const SAMPLES_PER_PART = 600;

/** Our own prompts that need no tool (test/abstention/README.md): training data, never a benchmark. */
export const NO_TOOL_PROMPTS = path.join(repoRoot, 'test/abstention/no-tool-prompts.jsonl');

/**
 * Samples of every bench row (tune and report halves), of our no-tool prompts over every bench catalog, and
 * of drawn shortlists (tune halves only), with the shipped selector (threshold 0, so every selection carries
 * its signals). Cached in .cache/bench unless `isFresh`.
 */
export async function abstentionSamples(options: {
  embedder: string;
  isFresh: boolean;
}): Promise<AbstentionSample[]> {
  const file = path.join(benchCacheDir, `abstention-samples-${options.embedder}.json`);
  if (!options.isFresh) {
    const cached = await readFile(file, 'utf8').catch(() => undefined);
    if (cached !== undefined) return JSON.parse(cached) as AbstentionSample[];
  }
  const noToolPrompts = await readBenchQueries(NO_TOOL_PROMPTS);
  const samples: AbstentionSample[] = [];
  const datasets = new Set<string>();
  for (const row of BENCH_ROWS) {
    const selector = await benchSelector(row.dataset, { embedder: options.embedder });
    const collect = sampler({ selector, embedder: options.embedder, dataset: row.dataset });
    for (const part of ['tune', 'report'] as const) {
      const queries = await rowQueries(row, part);
      samples.push(...(await collect({ queries, row: row.label, part, source: 'bench' })));
      process.stderr.write(`[abstention] ${row.label} ${part}: ${queries.length} queries\n`);
    }
    if (datasets.has(row.dataset)) continue;
    datasets.add(row.dataset);
    // Once per catalog: our no-tool prompts over it (halves alternate), and drawn shortlists of its tune prompts.
    for (const part of ['tune', 'report'] as const) {
      const queries = noToolPrompts.filter((_, index) => index % 2 === (part === 'tune' ? 0 : 1));
      samples.push(
        ...(await collect({ queries, row: `no-tool prompts, ${row.dataset}`, part, source: 'no-tool' })),
        ...(await collect({
          queries: drawShortlists(queries, selector, { withGold: false }),
          row: `no-tool prompts, ${row.dataset} (shortlist)`,
          part,
          source: 'no-tool',
        })),
      );
    }
    const answerable = (await rowQueries(row, 'tune')).filter((query) => (query.gold?.length ?? 0) > 0);
    const drawn = spaced(answerable, SHORTLISTS_PER_DATASET);
    for (const withGold of [true, false]) {
      samples.push(
        ...(await collect({
          queries: drawShortlists(drawn, selector, { withGold }),
          row: `${row.dataset} drawn shortlists`,
          part: 'tune',
          source: 'shortlist',
        })),
      );
    }
    process.stderr.write(`[abstention] ${row.dataset}: no-tool prompts and drawn shortlists\n`);
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(samples));
  return samples;
}

// --- internal ---

/** Drawn shortlists per catalog (each with and without its gold tools). */
const SHORTLISTS_PER_DATASET = 300;

async function rowQueries(row: BenchRow, part: 'tune' | 'report'): Promise<BenchQuery[]> {
  const all = (await loadRowQueries(row, part, Number.POSITIVE_INFINITY)).filter(
    (query) => query.gold !== null,
  );
  const negatives = all.filter((query) => query.gold?.length === 0);
  const positives = all.filter((query) => query.gold?.length !== 0);
  return [...negatives, ...spaced(positives, SAMPLES_PER_PART)];
}

function spaced<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  return Array.from({ length: limit }, (_, index) => items[Math.floor((index * items.length) / limit)]!);
}

/**
 * Each query with a shortlist of 1–4 tools drawn from the catalog (seeded by the query id): its gold tools
 * among random others (`withGold`, answerable), or random tools that are not gold (`gold: []`).
 */
function drawShortlists(
  queries: readonly BenchQuery[],
  selector: Selector,
  options: { withGold: boolean },
): BenchQuery[] {
  const ids = selector.tools.map((tool) => tool.id);
  const resolve = createToolNameResolver(selector);
  return queries.map((query) => {
    const random = seededRandom(`${query.id}:${options.withGold}`);
    const gold = new Set((query.gold ?? []).map((name) => resolve(name) ?? name));
    const size = 1 + Math.floor(random() * 4);
    const candidates = options.withGold ? [...gold].slice(0, size) : [];
    while (candidates.length < size) {
      const id = ids[Math.floor(random() * ids.length)]!;
      if (!gold.has(id) && !candidates.includes(id)) candidates.push(id);
    }
    return { ...query, gold: options.withGold ? [...gold] : [], candidates };
  });
}

/** mulberry32 seeded by a string: the same draws on every run. */
function seededRandom(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sampler(options: { selector: Selector; embedder: string; dataset: string }) {
  const { selector } = options;
  const resolveName = createToolNameResolver(selector);
  const resolve = (name: string): string => resolveName(name) ?? name;
  return async (batch: {
    queries: readonly BenchQuery[];
    row: string;
    part: 'tune' | 'report';
    source: SampleSource;
  }): Promise<AbstentionSample[]> => {
    await warmQueries(selector, batch.queries);
    const embedder = await benchEmbedder(options.embedder);
    const samples: AbstentionSample[] = [];
    for (const query of batch.queries) {
      if (query.gold === null) continue;
      const selection = await selector.select(query.query, {
        k: 1,
        threshold: 0,
        ...(query.candidates !== undefined ? { candidates: query.candidates.map(resolve) } : {}),
      });
      const best = selection.tools[0];
      const reason = best?.reasons.find((entry) => entry.kind === 'abstention');
      const { fit, threshold: _threshold, ...signals } = (reason?.details ?? {}) as Record<string, number>;
      const [vector] = await embedder.embed([query.query]);
      samples.push({
        row: batch.row,
        dataset: options.dataset,
        source: batch.source,
        part: batch.part,
        signals,
        fit: best === undefined ? 0 : (fit ?? 1),
        isNegative: query.gold.length === 0,
        isExact: reason === undefined && best !== undefined,
        vector: Array.from(vector ?? [], (value) => Math.round(value * 1e5) / 1e5),
      });
    }
    return samples;
  };
}

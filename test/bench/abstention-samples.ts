import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BenchQuery, createToolNameResolver, type Selector } from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, loadRowQueries } from './bench-datasets.js';
import { benchCacheDir, benchEmbedder, benchSelector, warmQueries } from './bench-selector.js';

/** One bench query as abstention sees it: the library's signals and fit, its label, and the prompt vector. */
export interface AbstentionSample {
  row: string;
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

/**
 * Samples of every bench row, tune and report halves, with the shipped selector (threshold 0 so every
 * query carries its signals). Cached in .cache/bench/abstention-samples.json unless `isFresh`.
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
  const samples: AbstentionSample[] = [];
  for (const row of BENCH_ROWS) {
    const selector = await benchSelector(row.dataset, { embedder: options.embedder });
    for (const part of ['tune', 'report'] as const) {
      const queries = await rowQueries(row, part);
      samples.push(
        ...(await collect({ selector, queries, row: row.label, part, embedder: options.embedder })),
      );
      process.stderr.write(`[abstention] ${row.label} ${part}: ${queries.length} queries\n`);
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(samples));
  return samples;
}

// --- internal ---

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

async function collect(options: {
  selector: Selector;
  queries: readonly BenchQuery[];
  row: string;
  part: 'tune' | 'report';
  embedder: string;
}): Promise<AbstentionSample[]> {
  const { selector, queries } = options;
  await warmQueries(selector, queries);
  const embedder = await benchEmbedder(options.embedder);
  const resolveName = createToolNameResolver(selector);
  const resolve = (name: string): string => resolveName(name) ?? name;
  const samples: AbstentionSample[] = [];
  for (const query of queries) {
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
      row: options.row,
      part: options.part,
      signals,
      fit: best === undefined ? 0 : (fit ?? 1),
      isNegative: query.gold.length === 0,
      isExact: reason === undefined && best !== undefined,
      vector: Array.from(vector ?? [], (value) => Math.round(value * 1e5) / 1e5),
    });
  }
  return samples;
}

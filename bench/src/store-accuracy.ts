// The store bench's accuracy part: every row of the accuracy bench (bench/src/run.ts) evaluated with the index
// folder and with the PostgreSQL store, same embedder (the bench cache's use-lite vectors), same queries, and the
// summaries compared figure by figure.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  createSelector,
  type EvalSummary,
  evaluateSelector,
  learnedExamplesOf,
  type SelectOptions,
  type Selector,
} from '@toolsift/selector';
import { BENCH_ROWS, type BenchRow, catalogOf, loadRowQueries, repoRoot } from './bench-datasets.js';
import { benchLog as log, seconds } from './bench-results.js';
import {
  benchEmbedder,
  benchIndexDir,
  benchSelector,
  flushEmbeddings,
  warmQueries,
} from './bench-selector.js';

/** One figure row of the accuracy table, with each store. */
export interface StoreAccuracyRow {
  row: string;
  method: string;
  /** Abstention on (every default) or off (ranking alone). */
  isAbstaining: boolean;
  queries: number;
  folder: EvalSummary;
  store: EvalSummary;
  isIdentical: boolean;
  /** The index folder's figures against bench/results/accuracy.json (undefined: not comparable, e.g. sampled). */
  isAsRecorded: boolean | undefined;
}

/**
 * Evaluate every bench row with both stores (`sample`: at most that many reported queries per row, evenly spaced;
 * undefined: the rows as the accuracy bench runs them), and the learning row with the tuning half learned into each.
 */
export async function measureStoreAccuracy(options: {
  url: string;
  sample: number | undefined;
}): Promise<StoreAccuracyRow[]> {
  const { url, sample } = options;
  const recorded = await readRecorded();
  const rows: StoreAccuracyRow[] = [];
  const embedder = await benchEmbedder(EMBEDDER);
  for (const row of BENCH_ROWS) {
    const started = performance.now();
    const folder = await benchSelector(row.dataset, { embedder: EMBEDDER });
    const queries = await loadRowQueries(row, 'report', limitOf(row, sample));
    await warmQueries(folder, queries);
    // One namespace per dataset: the rows of a dataset after its first start from the snapshot the first saved.
    const store = await createSelector({
      catalog: catalogOf(row.dataset),
      embedder,
      store: { url, namespace: row.dataset },
    });
    const compare = async (method: string, selectOptions: SelectOptions, label = row.label) => {
      const evaluate = async (selector: Selector) =>
        (
          await evaluateSelector({
            selector,
            queries,
            ...(method === 'toolsift+learning' ? {} : { method: method as 'bm25' | 'dense' | 'toolsift' }),
            selectOptions,
          })
        ).summary;
      const [inFolder, inStore] = [await evaluate(folder), await evaluate(store)];
      const isAbstaining = selectOptions.abstain !== false;
      const asRecorded = recorded.get(`${label}\n${method}\n${isAbstaining}`);
      rows.push({
        row: label,
        method,
        isAbstaining,
        queries: inFolder.queries,
        folder: inFolder,
        store: inStore,
        isIdentical: JSON.stringify(inFolder) === JSON.stringify(inStore),
        isAsRecorded:
          sample === undefined && asRecorded !== undefined
            ? JSON.stringify(asRecorded) === JSON.stringify(inFolder)
            : undefined,
      });
    };
    for (const method of ['bm25', 'dense', 'toolsift'] as const) await compare(method, { abstain: false });
    await compare('toolsift', {});
    await store.close();
    if (row.dataset === 'metatool' && row.splits?.includes('single')) {
      const learned = await loadRowQueries(row, 'tune', Number.POSITIVE_INFINITY);
      const examples = learnedExamplesOf(learned);
      const variantDir = `${benchIndexDir(row.dataset, EMBEDDER)}${LEARNED_VARIANT}`;
      await rm(variantDir, { recursive: true, force: true });
      const learnedFolder = await benchSelector(row.dataset, {
        embedder: EMBEDDER,
        variant: LEARNED_VARIANT,
      });
      await learnedFolder.learn(examples);
      const learnedStore = await createSelector({
        catalog: catalogOf(row.dataset),
        embedder,
        store: { url, namespace: `${row.dataset}-learned` },
      });
      await learnedStore.learn(examples);
      await flushEmbeddings();
      const label = `${row.label}, ${learned.length} prompts learned`;
      for (const selectOptions of [{ abstain: false }, {}]) {
        const [inFolder, inStore] = await Promise.all([
          evaluateSelector({ selector: learnedFolder, queries, selectOptions }),
          evaluateSelector({ selector: learnedStore, queries, selectOptions }),
        ]);
        const isAbstaining = selectOptions.abstain !== false;
        const asRecorded = recorded.get(`${label}\ntoolsift+learning\n${isAbstaining}`);
        rows.push({
          row: label,
          method: 'toolsift+learning',
          isAbstaining,
          queries: inFolder.summary.queries,
          folder: inFolder.summary,
          store: inStore.summary,
          isIdentical: JSON.stringify(inFolder.summary) === JSON.stringify(inStore.summary),
          isAsRecorded:
            sample === undefined && asRecorded !== undefined
              ? JSON.stringify(asRecorded) === JSON.stringify(inFolder.summary)
              : undefined,
        });
      }
      await learnedStore.close();
      await rm(variantDir, { recursive: true, force: true });
    }
    const differing = rows.filter((entry) => entry.row.startsWith(row.label) && !entry.isIdentical).length;
    log(
      `accuracy ${row.label}: ${queries.length} queries, ${differing === 0 ? 'identical' : `${differing} figure rows differ`} (${seconds(performance.now() - started)} s)`,
    );
  }
  await flushEmbeddings();
  return rows;
}

// --- internal ---

const EMBEDDER = 'use-lite';
/** The learned index folder of this bench (not the accuracy bench's, which it must not disturb). */
const LEARNED_VARIANT = '-store-bench-learned';

function limitOf(row: BenchRow, sample: number | undefined): number | undefined {
  if (sample === undefined) return row.limit;
  return Math.min(sample, row.limit ?? Number.POSITIVE_INFINITY);
}

/** The summaries bench/results/accuracy.json recorded, by row, method and abstention. */
async function readRecorded(): Promise<Map<string, EvalSummary>> {
  const recorded = new Map<string, EvalSummary>();
  try {
    const file = JSON.parse(await readFile(path.join(repoRoot, 'bench/results/accuracy.json'), 'utf8')) as {
      results: Array<{ row: string; method: string; summary: EvalSummary }>;
      abstention: Array<{ row: string; method: string; summary: EvalSummary }>;
    };
    for (const entry of file.results) recorded.set(`${entry.row}\n${entry.method}\nfalse`, entry.summary);
    for (const entry of file.abstention) recorded.set(`${entry.row}\n${entry.method}\ntrue`, entry.summary);
  } catch {
    // No recorded run: nothing to compare with.
  }
  return recorded;
}

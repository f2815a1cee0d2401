import path from 'node:path';
import { type BenchQuery, readBenchQueries, sampleQueries, splitQueriesById } from '@toolsift/selector';
import { sharedDataForBench } from '@toolsift/test-support/shared-data';

/** Repo root. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The public benchmarks' folder (`bench/` of the public data, read in place, never copied). When it is missing,
 * the bench says where the data comes from and how to point at it, and exits.
 */
export function benchRoot(): string {
  return sharedDataForBench('bench');
}

/** One row of the accuracy table: a dataset, which of its queries, and how candidates are treated. */
export interface BenchRow {
  label: string;
  dataset: string;
  /** Query splits to keep (all when absent). */
  splits?: readonly string[];
  /** Rank within each query's `candidates` (true) or over the whole catalog (false). */
  useCandidates: boolean;
  /** Evenly spaced subsample of the reported queries, to keep the bench short. */
  limit?: number;
  /** How the tuning half and the reported half are told apart. */
  holdout: { kind: 'hash' } | { kind: 'splits'; tune: readonly string[] };
}

/** Every row `pnpm bench` reports. Reported halves are never used for tuning (see tune.ts). */
export const BENCH_ROWS: readonly BenchRow[] = [
  {
    label: 'metatool single',
    dataset: 'metatool',
    splits: ['single'],
    useCandidates: false,
    // The whole halves (8,241 tune / 8,401 report queries), no sample: on the 2,000-query sample the bench used
    // before, top-1 read 0.498 where all 8,401 read 0.509 — a sample's standard error (about ±0.011) is as large
    // as the margins the targets ask about.
    holdout: { kind: 'hash' },
  },
  {
    label: 'metatool multi',
    dataset: 'metatool',
    splits: ['multi'],
    useCandidates: false,
    holdout: { kind: 'hash' },
  },
  {
    label: 'metatool awareness',
    dataset: 'metatool',
    splits: ['awareness_positive', 'awareness_negative'],
    useCandidates: false,
    holdout: { kind: 'hash' },
  },
  { label: 'toolbench-stable', dataset: 'toolbench-stable', useCandidates: false, holdout: { kind: 'hash' } },
  {
    label: 'toolbench-stable (candidates)',
    dataset: 'toolbench-stable',
    useCandidates: true,
    holdout: { kind: 'hash' },
  },
  {
    label: 'seal-tools test',
    dataset: 'seal-tools',
    splits: ['test_in_domain', 'test_out_domain'],
    useCandidates: false,
    holdout: { kind: 'splits', tune: ['dev'] },
  },
  {
    label: 'bfcl (candidates)',
    dataset: 'bfcl',
    useCandidates: true,
    limit: 1500,
    holdout: { kind: 'hash' },
  },
  {
    label: 'gorilla-apibench',
    dataset: 'gorilla-apibench',
    useCandidates: false,
    limit: 1000,
    holdout: { kind: 'hash' },
  },
  { label: 'toolalpaca', dataset: 'toolalpaca', useCandidates: false, holdout: { kind: 'hash' } },
  { label: 'api-bank', dataset: 'api-bank', useCandidates: false, holdout: { kind: 'hash' } },
  { label: 'restbench', dataset: 'restbench', useCandidates: false, holdout: { kind: 'hash' } },
];

/** Seed of the tune/report split by query id. */
export const HOLDOUT_SEED = 'toolsift-bench';

/**
 * The queries of a row, either its reported half (`part: 'report'`) or its tuning half (`part: 'tune'`).
 * Hash rows split each split's queries 50/50 by a hash of the id; split rows tune on named splits (seal-tools dev).
 */
export async function loadRowQueries(
  row: BenchRow,
  part: 'report' | 'tune',
  limit = row.limit,
): Promise<BenchQuery[]> {
  const all = await readBenchQueries(path.join(benchRoot(), row.dataset, 'queries.jsonl'));
  let queries: BenchQuery[];
  if (row.holdout.kind === 'splits') {
    const tuneSplits = row.holdout.tune;
    queries =
      part === 'tune'
        ? all.filter((query) => tuneSplits.includes(query.split ?? ''))
        : all.filter((query) => row.splits === undefined || row.splits.includes(query.split ?? ''));
  } else {
    const selected = all.filter(
      (query) => row.splits === undefined || row.splits.includes(query.split ?? ''),
    );
    const halves = splitQueriesById(selected, { fraction: 0.5, seed: HOLDOUT_SEED });
    queries = part === 'tune' ? halves.first : halves.second;
  }
  const shaped = row.useCandidates ? queries : queries.map(({ candidates: _candidates, ...query }) => query);
  return sampleQueries(shaped, limit);
}

/** The catalog file of a dataset. */
export function catalogOf(dataset: string): string {
  return path.join(benchRoot(), dataset, 'tools.jsonl');
}

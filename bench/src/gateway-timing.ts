// Timing for the gateway bench: latency summaries, side-by-side call latency, and a closed-loop load of many
// clients for a fixed time.
import { percentile } from './bench-process.js';

/** What a latency table row reports. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Count, p50, p99 and mean (ms, two decimals) of some latencies. */
export function summarize(latencies: readonly number[]): LatencySummary {
  const mean = latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length);
  return {
    count: latencies.length,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    mean: round(mean),
  };
}

/**
 * Time `calls` of each operation after `warmUp` untimed ones, interleaved (A B, B A, A B ...) so that both
 * meet the same machine: a load that comes and goes on shared cores falls on both sides alike.
 */
export async function compareLatencies(options: {
  operations: Record<string, () => Promise<unknown>>;
  calls: number;
  warmUp: number;
}): Promise<Record<string, number[]>> {
  const names = Object.keys(options.operations);
  const timings: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let pass = 0; pass < options.warmUp + options.calls; pass++) {
    const order = pass % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const started = performance.now();
      await options.operations[name]!();
      if (pass >= options.warmUp) timings[name]!.push(performance.now() - started);
    }
  }
  return timings;
}

/** What a load run measured: per operation, the latencies of its successes and its errors. */
export interface LoadResult {
  seconds: number;
  requests: number;
  errors: number;
  /** The first few error messages, for the report. */
  errorSamples: string[];
  latencies: Record<string, number[]>;
}

/**
 * A closed loop: every worker runs its operations in turn, each awaited before the next, until `seconds` are
 * up. An operation that throws counts as an error (the worker goes on).
 */
export async function runLoad(options: {
  workers: ReadonlyArray<ReadonlyArray<{ name: string; run: () => Promise<unknown> }>>;
  seconds: number;
}): Promise<LoadResult> {
  const latencies: Record<string, number[]> = {};
  const listOf = (name: string): number[] => {
    latencies[name] ??= [];
    return latencies[name];
  };
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    options.workers.map(async (operations) => {
      for (let turn = 0; performance.now() < deadline; turn++) {
        const operation = operations[turn % operations.length]!;
        const begun = performance.now();
        try {
          await operation.run();
          listOf(operation.name).push(performance.now() - begun);
        } catch (error) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${operation.name}: ${String(error)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const requests = Object.values(latencies).reduce((sum, list) => sum + list.length, 0) + errors;
  return { seconds, requests, errors, errorSamples, latencies };
}

/** A number with `digits` decimals. */
export function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

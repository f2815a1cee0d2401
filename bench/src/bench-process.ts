// What the timing benches share: percentiles, and measuring in a fresh Node process (so a measurement pays
// neither the garbage nor the warm caches of the work before it, and RSS is its own).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readBenchQueries, sampleQueries } from '@toolsift/selector';
import { catalogOf } from './bench-datasets.js';

/** The value at `share` (0..1) of the sorted values (nearest rank, as the bench tables report it). */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * The timing benches' prompts: `count` bench prompts spread over six datasets, and `warmUp` others served first
 * (none of them measured, so no measured prompt meets a cache a warm-up prompt filled).
 */
export async function timingPrompts(options: {
  count: number;
  warmUp: number;
}): Promise<{ prompts: string[]; warmUp: string[] }> {
  const queries = (
    await Promise.all(
      TIMING_SOURCES.map((dataset) =>
        readBenchQueries(path.join(path.dirname(catalogOf(dataset)), 'queries.jsonl')),
      ),
    )
  )
    .flat()
    .map((query) => query.query);
  const prompts = sampleQueries(queries, options.count);
  const measured = new Set(prompts);
  return {
    prompts,
    warmUp: sampleQueries(
      queries.filter((query) => !measured.has(query)),
      options.warmUp,
    ),
  };
}

/** Run a bench script in a new Node process (same loader flags) and read the result it `reportResult`s. */
export function runBenchChild<T>(script: string, args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith(RESULT_PREFIX));
      if (code !== 0 || line === undefined)
        reject(new Error(`${script} ${args.join(' ')} exited with ${code}`));
      else resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as T);
    });
  });
}

/** Hand a child's result to `runBenchChild` in the parent. */
export function reportResult(result: unknown): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

const RESULT_PREFIX = 'RESULT ';
const TIMING_SOURCES = [
  'seal-tools',
  'bfcl',
  'toolbench-stable',
  'gorilla-apibench',
  'toolalpaca',
  'metatool',
];

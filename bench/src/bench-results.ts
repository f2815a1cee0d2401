import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './bench-datasets.js';

/** What every results file says of its run: the embedder, how long the run took, and when. */
export interface BenchMeta {
  embedder: string;
  minutes: number;
  date: string;
}

/** The results folder (made if missing) and the meta of a run that started at `started` (performance.now()). */
export async function benchResults(options: {
  embedder: string;
  started: number;
}): Promise<{ dir: string; meta: BenchMeta }> {
  const dir = path.join(repoRoot, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  return {
    dir,
    meta: {
      embedder: options.embedder,
      minutes: Math.round((performance.now() - options.started) / 6000) / 10,
      date: new Date().toISOString(),
    },
  };
}

/** Milliseconds as seconds with one decimal, for progress lines. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** A progress line on stderr (stdout carries the report). */
export function benchLog(message: string): void {
  console.error(`[bench] ${message}`);
}

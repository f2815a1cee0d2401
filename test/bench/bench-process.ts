// What the timing benches share: percentiles, and measuring in a fresh Node process (so a measurement pays
// neither the garbage nor the warm caches of the work before it, and RSS is its own).
import { spawn } from 'node:child_process';

/** The value at `share` (0..1) of the sorted values (nearest rank, as the bench tables report it). */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
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

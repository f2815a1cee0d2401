/**
 * Stress test of concurrent learning: TRIALS times (default 20), 4 `toolsift learn` processes (5 prompts each)
 * and 2 `toolsift query` processes start at once on a fresh index (project catalog, hash embedder); every trial
 * must keep all 20 prompts. Run: node --import tsx/esm --conditions=@toolsift/source bench/src/learn-stress.ts [TRIALS]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './bench-datasets.js';

const trials = Number(process.argv[2] ?? 20);
const root = await mkdtemp(path.join(tmpdir(), 'toolsift-learn-stress-'));
const indexDir = path.join(root, 'index');
const run = (argv: string[]): Promise<number | null> =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx/esm',
        '--conditions=@toolsift/source',
        'packages/cli/src/bin.ts',
        ...argv,
        '--catalog',
        'metadata',
        '--embedder',
        'hash',
        '--index-dir',
        indexDir,
      ],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    child.on('close', resolve);
  });
for (let writer = 0; writer < 4; writer++) {
  const lines = Array.from({ length: 5 }, (_, item) =>
    JSON.stringify({
      id: String(item),
      query: `weather question ${writer} ${item}`,
      gold: ['get_current_weather'],
    }),
  );
  await writeFile(path.join(root, `usage-${writer}.jsonl`), `${lines.join('\n')}\n`);
}
let failed = 0;
const started = performance.now();
for (let trial = 0; trial < trials; trial++) {
  await rm(indexDir, { recursive: true, force: true });
  await run(['index']);
  const codes = await Promise.all([
    ...[0, 1, 2, 3].map((writer) => run(['learn', path.join(root, `usage-${writer}.jsonl`)])),
    run(['query', 'weather in Oslo']),
    run(['query', 'convert 30 pounds to euros']),
  ]);
  const learned = JSON.parse(await readFile(path.join(indexDir, 'learned.json'), 'utf8')).learned;
  const kept = learned.get_current_weather?.length ?? 0;
  if (kept !== 20 || codes.some((code) => code !== 0)) failed++;
  process.stdout.write(`trial ${trial + 1}: kept ${kept} of 20, exit codes ${codes.join(' ')}\n`);
}
process.stdout.write(
  `${trials - failed} of ${trials} trials kept every prompt (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
await rm(root, { recursive: true, force: true });
process.exitCode = failed === 0 ? 0 : 1;

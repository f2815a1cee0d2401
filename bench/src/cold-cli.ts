// The cold CLI query of the speed bench: `toolsift query` as a user runs it, a new process each time, on a
// catalog file of real bench tools whose index is already built (Node start, imports, model load, catalog
// load, index reload and verification, the first select, printing).
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSelector } from '@toolsift/selector';
import { benchRoot, repoRoot } from './bench-datasets.js';
import { percentile } from './bench-process.js';
import { benchEmbedder } from './bench-selector.js';
import { BASE_DATASETS } from './scale-catalog.js';

/** What a cold `toolsift query` cost, over `runs` processes. */
export interface ColdCliResult {
  tools: number;
  runs: number;
  /** Wall time of the whole process, spawn to exit (ms). */
  wallMs: { p50: number; min: number };
  /** The `select` inside it (its `timings.total`, ms, p50): the first select after the reload. */
  selectMs: number;
}

/**
 * Write the first `toolCount` lines of the bench catalogs (interleaved, as written) to one tools.jsonl in a
 * temp folder, build its index with the bench's cached embedder, then time the built CLI (`packages/cli/dist`,
 * built first) answering `prompts` in turn, one process per prompt.
 */
export async function measureColdCliQuery(options: {
  toolCount: number;
  prompts: readonly string[];
}): Promise<ColdCliResult> {
  const folder = path.join(os.tmpdir(), `toolsift-cold-cli-${process.pid}`);
  const catalog = path.join(folder, 'tools.jsonl');
  const indexDir = path.join(folder, 'index');
  await mkdir(folder, { recursive: true });
  try {
    const lines = await interleavedToolLines(options.toolCount);
    await writeFile(catalog, `${lines.join('\n')}\n`);
    const built = await createSelector({ catalog, embedder: await benchEmbedder('use-lite'), indexDir });
    await run('pnpm', ['-r', '--filter', '@toolsift/cli...', 'build']);
    const bin = path.join(repoRoot, 'packages', 'cli', 'dist', 'bin.js');
    const walls: number[] = [];
    const selects: number[] = [];
    for (const prompt of options.prompts) {
      const started = performance.now();
      const output = await run(process.execPath, [
        bin,
        'query',
        prompt,
        '--catalog',
        catalog,
        '--index-dir',
        indexDir,
        '--json',
      ]);
      walls.push(performance.now() - started);
      selects.push((JSON.parse(output) as { timings: { total?: number } }).timings.total ?? 0);
    }
    return {
      tools: built.tools.length,
      runs: walls.length,
      wallMs: { p50: Math.round(percentile(walls, 0.5)), min: Math.round(Math.min(...walls)) },
      selectMs: Math.round(percentile(selects, 0.5) * 10) / 10,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// --- internal ---

/** The bench catalogs' tools.jsonl lines, row by row across datasets (as `loadBaseTools` interleaves them). */
async function interleavedToolLines(count: number): Promise<string[]> {
  const lists = await Promise.all(
    BASE_DATASETS.map(async (dataset) =>
      (await readFile(path.join(benchRoot(), dataset, 'tools.jsonl'), 'utf8'))
        .split('\n')
        .filter((line) => line.trim() !== ''),
    ),
  );
  const lines: string[] = [];
  for (let row = 0; lines.length < count && lists.some((list) => row < list.length); row++) {
    for (const list of lists) {
      const line = list[row];
      if (line !== undefined && lines.length < count) lines.push(line);
    }
  }
  return lines;
}

/** Run a command to completion; its stdout, or an error with its stderr when it fails. */
function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}

// The store bench's learning part: how soon a prompt learned in one process is served by another, and how many learns
// a second eight processes make together, each a process of store-run.ts on the project catalog with use-lite.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createEmbedder, createSelector } from '@toolsift/selector';
import { repoRoot } from './bench-datasets.js';
import { percentile } from './bench-process.js';
import { benchLog as log } from './bench-results.js';

/** p50 and p99 of a list of milliseconds. */
export interface Percentiles {
  p50: number;
  p99: number;
}

/** Learned in one process, served in another. */
export interface LearnToVisible {
  learns: number;
  spacingMs: number;
  /** From the learn's return in the learning process to the prompt's view being in the other's index. */
  afterReturn: Percentiles & { max: number };
  /** From the learn's call to the same. */
  afterCall: Percentiles;
  /** Learns never seen within the guard (two minutes). */
  missed: number;
}

/** Learns from several processes at once on one store or folder. */
export interface LearnRate {
  target: 'store' | 'folder';
  processes: number;
  learns: number;
  /** From the first learn's call to the last one's return, over every process. */
  seconds: number;
  perSecond: number;
  /** One learn's time, call to return, under that contention. */
  latency: Percentiles;
  /** Learned prompts a process that opened after them finds (all of them, if nothing was lost). */
  kept: number;
}

/** A learner and a watcher on a new store: the watcher's served times against the learner's learns. */
export async function measureLearnToVisible(options: {
  url: string;
  learns: number;
  spacingMs: number;
}): Promise<LearnToVisible> {
  const { url } = options;
  await prepare({ store: url });
  const learns = await promptsFile('visible', options.learns);
  const watcher = startChild(['--phase', 'watcher', '--store', url, '--prompts', learns]);
  await watcher.ready;
  const learner = startChild([
    '--phase',
    'learner',
    '--store',
    url,
    '--prompts',
    learns,
    '--spacing-ms',
    String(options.spacingMs),
  ]);
  await learner.ready;
  learner.go();
  const learned = await learner.result<{ begun: number[]; returned: number[] }>();
  const watched = await watcher.result<{ servedAt: Array<number | null> }>();
  const afterReturn: number[] = [];
  const afterCall: number[] = [];
  watched.servedAt.forEach((served, position) => {
    if (served === null) return;
    afterReturn.push(served - learned.returned[position]!);
    afterCall.push(served - learned.begun[position]!);
  });
  const figures = {
    learns: options.learns,
    spacingMs: options.spacingMs,
    afterReturn: { ...percentiles(afterReturn), max: Math.max(...afterReturn) },
    afterCall: percentiles(afterCall),
    missed: watched.servedAt.filter((served) => served === null).length,
  };
  log(
    `learn to visible: p50 ${figures.afterReturn.p50.toFixed(1)} ms, p99 ${figures.afterReturn.p99.toFixed(1)} ms after the learn returned`,
  );
  return figures;
}

/** `processes` learners at once, `learnsEach` learns each, on a new store (`location`: its URL) or index folder. */
export async function measureLearnRate(options: {
  target: 'store' | 'folder';
  location: string;
  processes: number;
  learnsEach: number;
}): Promise<LearnRate> {
  const { target, location, processes, learnsEach } = options;
  const place = target === 'store' ? { store: location } : { indexDir: location };
  await prepare(place);
  const flag = target === 'store' ? '--store' : '--index-dir';
  const learners = [];
  for (let position = 0; position < processes; position++) {
    const learns = await promptsFile(`${target} process ${position}`, learnsEach);
    learners.push(startChild(['--phase', 'learner', flag, location, '--prompts', learns]));
  }
  await Promise.all(learners.map((learner) => learner.ready));
  for (const learner of learners) learner.go();
  const results = await Promise.all(
    learners.map((learner) => learner.result<{ begun: number[]; returned: number[] }>()),
  );
  const first = Math.min(...results.flatMap((result) => result.begun));
  const last = Math.max(...results.flatMap((result) => result.returned));
  const latencies = results.flatMap((result) =>
    result.returned.map((returned, position) => returned - result.begun[position]!),
  );
  const learns = processes * learnsEach;
  const check = await openProject(place);
  const kept = check.learned().length;
  await check.close();
  const figures = {
    target,
    processes,
    learns,
    seconds: (last - first) / 1000,
    perSecond: learns / ((last - first) / 1000),
    latency: percentiles(latencies),
    kept,
  };
  log(
    `${processes} processes learning on the ${target}: ${figures.perSecond.toFixed(1)} learns/s, ${kept} of ${learns} kept`,
  );
  return figures;
}

// --- internal ---

/** Topics of the learned prompts (each prompt is numbered, so every one is new to the store). */
const TOPICS = [
  'reconcile the ledger of the Lisbon warehouse',
  'rotate the on-call schedule for the payments team',
  'archive the stale feature flags of the mobile app',
  'summarise the incident review of the search outage',
  'draft the quarterly newsletter for the volunteers',
];

function percentiles(values: readonly number[]): Percentiles {
  return { p50: percentile(values, 0.5), p99: percentile(values, 0.99) };
}

function openProject(place: { store: string } | { indexDir: string }) {
  return createEmbedder('use-lite').then((embedder) =>
    createSelector({ catalog: path.join(repoRoot, 'metadata'), embedder, ...place }),
  );
}

/** Build the project catalog's index in the store or folder, so the measured processes start from it. */
async function prepare(place: { store: string } | { indexDir: string }): Promise<void> {
  const selector = await openProject(place);
  await selector.close();
}

let toolIds: string[] | undefined;

/** A file of `count` prompts, each learned for a tool of the project catalog in turn. */
async function promptsFile(prefix: string, count: number): Promise<string> {
  if (toolIds === undefined) {
    const selector = await createSelector({
      catalog: path.join(repoRoot, 'metadata'),
      embedder: 'hash',
      indexDir: false,
    });
    toolIds = selector.tools.map((tool) => tool.id).sort();
  }
  const ids = toolIds;
  const learns = Array.from({ length: count }, (_, position) => ({
    prompt: `${prefix}, request ${position}: ${TOPICS[position % TOPICS.length]}`,
    tool: ids[position % ids.length]!,
  }));
  const file = path.join(
    os.tmpdir(),
    `toolsift-store-bench-${process.pid}-${prefix.replace(/\W+/g, '-')}.json`,
  );
  await writeFile(file, JSON.stringify(learns));
  return file;
}

/** A store-run.ts process that says READY, is told to go (a line on stdin), and reports one result. */
function startChild(args: string[]) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'store-run.ts'), ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  let resultLine: string | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'READY') resolveReady();
    else if (line.startsWith('RESULT ')) resultLine = line.slice('RESULT '.length);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    ready: Promise.race([
      ready,
      exited.then((code) => {
        throw new Error(`store-run.ts ${args.join(' ')} exited with ${code} before it was ready`);
      }),
    ]),
    go: () => child.stdin.end('go\n'),
    result: async <T>(): Promise<T> => {
      const code = await exited;
      if (code !== 0 || resultLine === undefined)
        throw new Error(`store-run.ts ${args.join(' ')} exited with ${code}`);
      return JSON.parse(resultLine) as T;
    },
  };
}

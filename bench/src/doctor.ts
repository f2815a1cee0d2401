// Doctor bench (a script, not a test): `diagnoseCatalog`, the library call behind `toolsift doctor`, on catalogs of
// 1,000 and 3,000 real tools that each carry own prompts, with use-lite. Each run is a fresh process: cold (nothing
// embedded before: every view and prompt goes to the model) and warm (every text in the bench's embedding cache, as
// for a second `toolsift doctor` run, whose cache keeps them). The 10,000-tool estimate each run prints is compared
// with the time the larger catalog really took. Run: `pnpm bench:doctor` (`pnpm bench` runs it too).
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@toolsift/core';
import { createEmbedder, type DoctorReport, diagnoseCatalog, readBenchQueries } from '@toolsift/selector';
import { benchRoot, repoRoot } from './bench-datasets.js';
import { reportResult, runBenchChild } from './bench-process.js';
import { benchLog, benchResults } from './bench-results.js';
import { benchEmbedder, flushEmbeddings } from './bench-selector.js';
import { markdownTable } from './render-accuracy.js';
import { BASE_DATASETS, loadBaseTools } from './scale-catalog.js';

const SIZES = [1_000, 3_000] as const;
/** Own prompts given to each bench tool: its first single-gold queries. */
const PROMPTS_PER_TOOL = 3;

type Mode = 'cold' | 'warm';

if (process.argv.includes('--run')) {
  const size = Number(process.argv[process.argv.indexOf('--run') + 1]);
  const mode = process.argv[process.argv.indexOf('--run') + 2] as Mode | 'fill';
  reportResult(await runOnce(size, mode));
  process.exit(0);
}

// `--render`: write doctor.md again from doctor.json, without measuring.
if (process.argv.includes('--render')) {
  const dir = path.join(repoRoot, 'bench', 'results');
  const saved = JSON.parse(await readFile(path.join(dir, 'doctor.json'), 'utf8'));
  await writeFile(path.join(dir, 'doctor.md'), renderMarkdown(saved));
  process.exit(0);
}

const started = performance.now();
const runs: Array<Measured & { mode: Mode }> = [];
for (const size of SIZES) {
  // The warm runs' texts go into the bench cache first (that run is not reported).
  benchLog(`doctor: ${size} tools, filling the embedding cache`);
  await child(size, 'fill');
  benchLog(`doctor: ${size} tools, warm`);
  runs.push({ ...(await child(size, 'warm')), mode: 'warm' });
  if (size === SIZES[0]) {
    benchLog(`doctor: ${size} tools, cold`);
    runs.push({ ...(await child(size, 'cold')), mode: 'cold' });
  }
}
const { dir, meta } = await benchResults({ embedder: 'use-lite', started });
const result = { ...meta, loadAverage: round(os.loadavg()[0] ?? 0), runs };
await writeFile(path.join(dir, 'doctor.json'), `${JSON.stringify(result, null, 2)}\n`);
await writeFile(path.join(dir, 'doctor.md'), renderMarkdown(result));
console.log(renderMarkdown(result));

// --- internal ---

interface Measured {
  /** User + system CPU seconds of the run's process: what the run costs whatever the machine's load. */
  cpuSeconds: number;
  tools: number;
  prompts: number;
  promptedTools: number;
  timings: DoctorReport['timings'];
  estimateSeconds: number;
  reach: { first: number; inTop: number };
  codes: Record<string, number>;
}

function child(size: number, mode: Mode | 'fill'): Promise<Measured> {
  return runBenchChild<Measured>(fileURLToPath(import.meta.url), ['--run', String(size), mode]);
}

async function runOnce(size: number, mode: Mode | 'fill'): Promise<Measured> {
  const tools = (await promptedTools()).slice(0, size);
  const cpuBefore = process.cpuUsage();
  const embedder = mode === 'cold' ? await createEmbedder('use-lite') : await benchEmbedder('use-lite');
  const report = await diagnoseCatalog({ catalog: tools, embedder });
  if (mode === 'fill') await flushEmbeddings();
  const codes: Record<string, number> = {};
  for (const finding of report.findings) codes[finding.code] = (codes[finding.code] ?? 0) + 1;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
    tools: report.tools,
    prompts: report.reach.prompts,
    promptedTools: report.reach.tools,
    timings: report.timings,
    estimateSeconds: report.estimate.seconds,
    reach: {
      first: round(report.reach.first / report.reach.prompts),
      inTop: round(report.reach.inTop / report.reach.prompts),
    },
    codes,
  };
}

/**
 * The bench's real tools (metadata/ and the public bench catalogs, interleaved) that have own prompts: metadata/'s
 * tools with theirs, and each bench tool with its first `PROMPTS_PER_TOOL` queries whose one gold tool it is.
 */
async function promptedTools(): Promise<Tool[]> {
  const byDataset = new Map<string, Map<string, string[]>>();
  for (const dataset of BASE_DATASETS) {
    const queries = await readBenchQueries(path.join(benchRoot(), dataset, 'queries.jsonl'));
    const byGold = new Map<string, string[]>();
    for (const query of queries) {
      const [gold, ...others] = query.gold ?? [];
      if (gold === undefined || others.length > 0) continue;
      byGold.set(gold, [...(byGold.get(gold) ?? []), query.query]);
    }
    byDataset.set(dataset, byGold);
  }
  return (await loadBaseTools()).flatMap((tool) => {
    const dataset = tool.id.split('/')[0] ?? '';
    const prompts = byDataset.get(dataset)?.get(tool.name)?.slice(0, PROMPTS_PER_TOOL);
    if (prompts === undefined) return tool.examples.length + tool.useCases.length > 0 ? [tool] : [];
    return [{ ...tool, examples: [...tool.examples, ...prompts.map((prompt) => ({ prompt }))] }];
  });
}

function renderMarkdown(result: {
  date: string;
  loadAverage: number;
  runs: ReadonlyArray<Measured & { mode: Mode }>;
}): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const rows = result.runs.map((run) => [
    `${run.tools.toLocaleString('en')} (${run.prompts.toLocaleString('en')} prompts)`,
    run.mode,
    seconds(run.timings.total),
    run.cpuSeconds.toFixed(1),
    seconds(run.timings.load),
    seconds(run.timings.embed),
    seconds(run.timings.index),
    seconds(run.timings.select),
    `${Math.round(run.estimateSeconds)}`,
    `${run.reach.first} / ${run.reach.inTop}`,
  ]);
  const [small, large] = SIZES.map((size) =>
    result.runs.find((run) => run.tools === size && run.mode === 'warm'),
  );
  const check =
    small !== undefined && large !== undefined
      ? `From the warm ${small.tools.toLocaleString('en')}-tool run, ${large.tools.toLocaleString('en')} tools would take ${seconds((small.timings.total / small.tools) * large.tools)} s at the same rate per tool; they took ${seconds(large.timings.total)} s.`
      : '';
  const codes = result.runs.find((run) => run.mode === 'warm')?.codes ?? {};
  return [
    '# toolsift doctor: time on real catalogs',
    '',
    `Written by \`pnpm bench:doctor\` (bench/src/doctor.ts) on ${result.date.slice(0, 10)}, use-lite, load average ${result.loadAverage} at the end. Each run is a fresh process; cold: no text embedded before; warm: every text in the embedding cache (a second run). Times are wall-clock (the machine's 2 cores were shared, hence the load); CPU s is the process's user + system time, which the load does not inflate.`,
    '',
    ...markdownTable(
      [
        'tools',
        'run',
        'total s',
        'CPU s',
        'load s',
        'embed s',
        'index s',
        'select s',
        '10k estimate s',
        'prompts first / top 5',
      ],
      rows,
    ),
    '',
    check,
    '',
    `Findings on the first warm run, by code: ${Object.entries(codes)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, count]) => `${code} ${count}`)
      .join(', ')}.`,
    '',
  ].join('\n');
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

// One process of the store bench (bench/src/store.ts), started fresh so that what it measures is a process's own:
//   --phase open:    createSelector on the 10k-tool bench catalog with --store URL or --index-dir DIR (the bench
//                    embedding cache's use-lite vectors, or --real: the use-lite model itself), reports how long it
//                    took and where the time went, then (with --prompts FILE) times `select` on the prompts;
//   --phase learner: on the project catalog and --store URL (or --index-dir DIR), prints READY, waits for a line on
//                    stdin, then learns the prompts of --prompts FILE one at a time (with --spacing-ms between them,
//                    on average), reporting when each learn began and returned;
//   --phase watcher: on the project catalog and --store URL, prints READY, then polls until every prompt of
//                    --prompts FILE is served (its learned view is in the index), reporting when each was.
// The result goes to store.ts through `reportResult`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createEmbedder, createSelector, type Selector } from '@toolsift/selector';
import { repoRoot } from './bench-datasets.js';
import { percentile, reportResult } from './bench-process.js';
import { benchEmbedder } from './bench-selector.js';
import { loadBaseTools, syntheticCatalog } from './scale-catalog.js';

const { values } = parseArgs({
  options: {
    phase: { type: 'string' },
    store: { type: 'string' },
    'index-dir': { type: 'string' },
    size: { type: 'string', default: '10000' },
    real: { type: 'boolean', default: false },
    prompts: { type: 'string' },
    'spacing-ms': { type: 'string', default: '0' },
  },
});

/** Wall-clock milliseconds, comparable across the processes of one machine (sub-millisecond). */
const now = (): number => performance.timeOrigin + performance.now();

switch (values.phase) {
  case 'open':
    await open();
    break;
  case 'learner':
    await learner();
    break;
  case 'watcher':
    await watcher();
    break;
  default:
    throw new Error(`--phase takes open, learner or watcher, got ${values.phase}`);
}
// A selector on a store keeps connections open until closed; the bench needs no orderly close.
process.exit(0);

// --- internal ---

async function open(): Promise<void> {
  const tools = syntheticCatalog(await loadBaseTools(), Number(values.size));
  let started = performance.now();
  const embedder = values.real ? await createEmbedder('use-lite') : await benchEmbedder('use-lite');
  const embedderMs = performance.now() - started;
  // Where the time goes: until the first embedding call (connect, migrate, read the learned prompts), the
  // embedding calls (texts read from the store, or embedded), and after them (vector and lexical index, rules,
  // the catalog snapshot).
  let embedStarted: number | undefined;
  let embedEnded: number | undefined;
  const cpu = process.cpuUsage();
  started = performance.now();
  const selector = await createSelector({
    catalog: tools,
    embedder,
    ...(values.store !== undefined ? { store: values.store } : { indexDir: values['index-dir']! }),
    onProgress: (progress) => {
      embedStarted ??= performance.now();
      if (progress.done === progress.total) embedEnded = performance.now();
    },
  });
  const openMs = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const views = tools.reduce((sum, tool) => sum + selector.views(tool.id).length, 0);
  const result: Record<string, unknown> = {
    tools: selector.tools.length,
    views,
    status: selector.index.status,
    embedded: selector.index.embedded,
    reused: selector.index.reused,
    warnings: selector.index.warnings.map((warning) => warning.message),
    embedderMs,
    openMs,
    openCpuMs: (user + system) / 1000,
    beforeEmbedMs: (embedStarted ?? started) - started,
    embedMs: (embedEnded ?? embedStarted ?? started) - (embedStarted ?? started),
    afterEmbedMs: started + openMs - (embedEnded ?? embedStarted ?? started),
    rssMb: process.memoryUsage().rss / 2 ** 20,
  };
  if (values.prompts !== undefined) {
    const { prompts, warmUp } = JSON.parse(await readFile(values.prompts, 'utf8')) as {
      prompts: string[];
      warmUp: string[];
    };
    for (const prompt of warmUp) await selector.select(prompt, { k: 5 });
    const latencies: number[] = [];
    const selections: string[][] = [];
    for (const prompt of prompts) {
      const begun = performance.now();
      const selection = await selector.select(prompt, { k: 5 });
      latencies.push(performance.now() - begun);
      selections.push(selection.tools.map((tool) => tool.id));
    }
    Object.assign(result, {
      selectP50: percentile(latencies, 0.5),
      selectP99: percentile(latencies, 0.99),
      selections,
    });
  }
  reportResult(result);
}

/** The project catalog on the store or folder, for the learn benches (a learn costs the same at any catalog size). */
async function openSmall(): Promise<Selector> {
  return createSelector({
    catalog: path.join(repoRoot, 'metadata'),
    embedder: await createEmbedder('use-lite'),
    ...(values.store !== undefined ? { store: values.store } : { indexDir: values['index-dir']! }),
  });
}

async function readPrompts(): Promise<Array<{ prompt: string; tool: string }>> {
  return JSON.parse(await readFile(values.prompts!, 'utf8')) as Array<{ prompt: string; tool: string }>;
}

async function learner(): Promise<void> {
  const selector = await openSmall();
  const learns = await readPrompts();
  const spacingMs = Number(values['spacing-ms']);
  process.stdout.write('READY\n');
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  await lines.next();
  const begun: number[] = [];
  const returned: number[] = [];
  for (const { prompt, tool } of learns) {
    begun.push(now());
    await selector.learn([{ prompt, tool }]);
    returned.push(now());
    if (spacingMs > 0) await new Promise((resolve) => setTimeout(resolve, spacingMs * (0.5 + Math.random())));
  }
  reportResult({ begun, returned });
}

async function watcher(): Promise<void> {
  const selector = await openSmall();
  const learns = await readPrompts();
  process.stdout.write('READY\n');
  const servedAt = new Map<string, number>();
  const isServed = ({ prompt, tool }: { prompt: string; tool: string }): boolean =>
    selector.views(tool).some((view) => view.kind === 'learned' && view.text === prompt);
  // A guard against a hang, far beyond any latency measured.
  const deadline = now() + 120_000;
  while (servedAt.size < learns.length && now() < deadline) {
    for (const learn of learns) {
      if (!servedAt.has(learn.prompt) && isServed(learn)) servedAt.set(learn.prompt, now());
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  reportResult({ servedAt: learns.map((learn) => servedAt.get(learn.prompt) ?? null) });
}

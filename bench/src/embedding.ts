// use-lite embedding benchmark: first-use conversion (in a child process), then in this fresh process the
// cache check, model load, per-query latency, batch throughput and memory. Usage:
//   node --import tsx/esm --conditions=@toolsift/source bench/src/embedding.ts [--queries 100] [--batch 1000]
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createUseLiteEmbedder, ensureUseLiteModel } from '@toolsift/selector';

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '100' },
    batch: { type: 'string', default: '1000' },
    'convert-into': { type: 'string' },
  },
});
if (values['convert-into'] !== undefined) {
  const started = performance.now();
  await ensureUseLiteModel({ cacheDir: values['convert-into'] });
  process.stdout.write(String(performance.now() - started));
  process.exit(0);
}
const queryCount = Number(values.queries);
const batchCount = Number(values.batch);
const cacheDir = await mkdtemp(path.join(tmpdir(), 'toolsift-bench-embedding-'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const time = async <T>(task: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await task();
  return [result, performance.now() - started];
};

try {
  // Converting in a child keeps its garbage out of this process's memory figures.
  const conversionMs = Number(
    execFileSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', '--convert-into', cacheDir]),
  );
  const rssBeforeLoad = process.memoryUsage().rss;
  const [, verifyMs] = await time(() => ensureUseLiteModel({ cacheDir }));
  // The same module instance the selector imports later, resolved from its package.
  const transformers = createRequire(
    new URL('../../packages/selector/package.json', import.meta.url),
  ).resolve('@xenova/transformers');
  const [, importMs] = await time(() => import(pathToFileURL(transformers).href));
  // Load = cache check (checksums) + ONNX session + tokenizer + one warm-up call.
  const [embedder, loadMs] = await time(() => createUseLiteEmbedder({ cacheDir }));
  const rssAfterLoad = process.memoryUsage().rss;

  const queries = Array.from({ length: queryCount }, (_, index) => `send the weekly report to team ${index}`);
  const latencies: number[] = [];
  for (const query of queries) latencies.push((await time(() => embedder.embed([query])))[1]);
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;

  const texts = Array.from(
    { length: batchCount },
    (_, index) =>
      `Tool ${index}: create, list and delete calendar events for a user, with reminders and time zones`,
  );
  const [, batchMs] = await time(() => embedder.embed(texts));

  console.log(`use-lite (fp32 ONNX via transformers.js), node ${process.version}`);
  console.log(`first-use conversion       ${(conversionMs / 1000).toFixed(2)} s`);
  console.log(`valid-cache check          ${verifyMs.toFixed(0)} ms (sha256 of every file)`);
  console.log(`import transformers.js     ${importMs.toFixed(0)} ms (with onnxruntime; once per process)`);
  console.log(`model load (+ warm-up)     ${loadMs.toFixed(0)} ms`);
  console.log(`query p50 / p95            ${percentile(0.5).toFixed(1)} / ${percentile(0.95).toFixed(1)} ms`);
  console.log(
    `batch throughput           ${((batchCount / batchMs) * 1000).toFixed(0)} texts/s (${batchCount} texts)`,
  );
  console.log(
    `RSS before / after load    ${mb(rssBeforeLoad)} / ${mb(rssAfterLoad)} (at the end ${mb(process.memoryUsage().rss)})`,
  );
} finally {
  await rm(cacheDir, { recursive: true, force: true });
}

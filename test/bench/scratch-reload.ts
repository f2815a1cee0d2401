import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHnswVectorIndex, createExactVectorIndex, loadVectorIndex } from '@toolsift/selector';

const n = Number(process.argv[2] ?? 50000);
const d = 512;
const entries = Array.from({ length: n }, (_, i) => ({ key: `tool-${i}#view-${i % 7}`, vector: Float32Array.from({ length: d }, () => Math.random() - 0.5) }));
for (const kind of ['exact', 'hnsw'] as const) {
  const index = kind === 'exact' ? createExactVectorIndex({ dimensions: d }) : createHnswVectorIndex({ dimensions: d, efConstruction: 10, initialCapacity: n });
  let t = performance.now();
  index.upsert(entries);
  console.log(kind, 'build', (performance.now() - t).toFixed(0));
  const dir = await mkdtemp(path.join(tmpdir(), 'reload-'));
  await index.save(dir);
  for (let rep = 0; rep < 3; rep++) {
    t = performance.now();
    await loadVectorIndex(dir, { dimensions: d });
    console.log(kind, 'reload', (performance.now() - t).toFixed(0));
  }
  const big = (await readdir(dir)).find((f) => /\.(graph|vectors)$/.test(f))!;
  t = performance.now();
  const bytes = readFileSync(path.join(dir, big));
  console.log('  readFileSync', (performance.now() - t).toFixed(0), bytes.length);
  t = performance.now();
  createHash('sha256').update(bytes).digest('hex');
  console.log('  sha256 in memory', (performance.now() - t).toFixed(0));
  t = performance.now();
  const h = createHash('sha256');
  for await (const c of createReadStream(path.join(dir, big), { highWaterMark: 1 << 20 })) h.update(c as Buffer);
  console.log('  sha256 stream', (performance.now() - t).toFixed(0));
  if (kind === 'hnsw') {
    const { HierarchicalNSW } = createRequire('/work/main/packages/selector/src/x.js')('hnswlib-node');
    const x = new HierarchicalNSW('cosine', d);
    t = performance.now();
    await x.readIndex(path.join(dir, big), true);
    console.log('  readIndex', (performance.now() - t).toFixed(0));
    t = performance.now();
    x.getIdsList();
    console.log('  getIdsList', (performance.now() - t).toFixed(0));
  }
}

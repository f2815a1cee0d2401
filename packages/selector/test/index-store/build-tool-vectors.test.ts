import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openToolIndex } from '../../src/index-store/open-tool-index.js';
import type { ToolIndex } from '../../src/index-store/tool-index.js';
import { dotProduct } from '../../src/vector-index/dot-product.js';
import { batchDotProducts } from '../../src/vector-index/simd-dot-products.js';
import { countingEmbedder, makeTool, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-tool-vectors-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * The side-by-side layout of every tool against the per-view lookups it replaces (views by tool, then each view's
 * vector from the vector index): same views in the same order, the same vectors, learned views flagged. The located
 * vectors are read as selections read them, through `batchDotProducts` (a reloaded HNSW graph is scored where hnswlib
 * keeps it): a unit vector's product with the stored one is 1 only when the two are the same.
 */
function expectLayoutMatchesLookups(index: ToolIndex): void {
  const into = new Float64Array(1);
  for (const tool of index.tools()) {
    const layout = index.toolVectors(tool.id);
    const views = index.views(tool.id);
    expect(layout?.views).toEqual(views);
    views.forEach((view, position) => {
      const stored = index.vectorIndex.vector(view.key)!;
      const located = {
        sources: [layout!.data],
        offsets: Int32Array.of(layout!.offsets[position]!),
        count: 1,
        dimensions: index.dimensions,
      };
      batchDotProducts(located)(stored, into);
      expect(into[0]).toBeCloseTo(dotProduct(stored, stored), 6);
      expect(layout!.learned?.[position] ?? 0).toBe(view.kind === 'learned' ? 1 : 0);
    });
  }
}

describe.each(['exact', 'hnsw'] as const)('tool vectors over the %s vector index', (kind) => {
  const open = (tools = sampleTools()) =>
    openToolIndex({ tools, embedder: countingEmbedder(), dir, vectorIndex: kind });

  it('match the per-view lookups after a build and after a reload', async () => {
    const built = await open();
    expectLayoutMatchesLookups(built.index);
    const loaded = await open();
    expect(loaded.status).toBe('loaded');
    expectLayoutMatchesLookups(loaded.index);
    // A reloaded HNSW index is read in place: every tool's vectors lie in the one array of the saved graph.
    const arrays = new Set(loaded.index.tools().map((tool) => loaded.index.toolVectors(tool.id)?.data));
    expect(arrays.size).toBe(kind === 'hnsw' ? 1 : loaded.index.toolCount);
  });

  it('follow updates, removals and learned prompts, and hold nothing for an unknown tool', async () => {
    const { index } = await open();
    const embedder = countingEmbedder();
    const [weather, email] = sampleTools();
    const changed = makeTool({
      id: weather!.id,
      description: 'Weather, rewritten.',
      examples: [{ prompt: 'wind?' }],
    });
    await index.upsertTools({ tools: [changed], embedder });
    expectLayoutMatchesLookups(index);

    index.setLearned(email!.id, [
      { prompt: 'mail the report to Ada', source: 'labelled' },
      { prompt: 'write to the team', source: 'call' },
    ]);
    await index.upsertTools({ tools: [email!], embedder });
    expect(index.toolVectors(email!.id)?.learned).toBeDefined();
    expectLayoutMatchesLookups(index);

    index.removeTools([changed.id]);
    expect(index.toolVectors(changed.id)).toBeUndefined();
    expect(index.toolVectors('no_such_tool')).toBeUndefined();
    expectLayoutMatchesLookups(index);

    index.setLearned(email!.id, []);
    await index.upsertTools({ tools: [email!, changed], embedder });
    expect(index.toolVectors(email!.id)?.learned).toBeUndefined();
    expectLayoutMatchesLookups(index);
  });

  it('stay valid after a reload that updates some tools and learns more', async () => {
    await open();
    const tools = sampleTools();
    tools[1] = makeTool({ id: tools[1]!.id, description: 'Changed after the save.' });
    const { index, status } = await open(tools);
    expect(status).toBe('updated');
    expectLayoutMatchesLookups(index);
    // A tool restored from the saved graph keeps its layout while others are upserted around it.
    const restored = index.toolVectors(tools[0]!.id)!;
    const before = Array.from(restored.data.subarray(restored.offsets[0]!, restored.offsets[0]! + 8));
    index.setLearned(tools[2]!.id, [{ prompt: 'learned after the reload', source: 'labelled' }]);
    await index.upsertTools({ tools: [tools[2]!], embedder: countingEmbedder() });
    expect(Array.from(restored.data.subarray(restored.offsets[0]!, restored.offsets[0]! + 8))).toEqual(
      before,
    );
    expectLayoutMatchesLookups(index);
  });
});

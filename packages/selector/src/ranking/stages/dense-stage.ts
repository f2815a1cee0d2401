import { scoreToolViews } from '../score-tool-views.js';
import type { SelectionStage } from '../selection-context.js';
import { ensureScoredTool } from './ensure-scored-tool.js';

/**
 * Dense retrieval: nearest views from the vector index, grouped into the `poolSize` best tools, each then
 * scored over all its views. With a candidate list, the candidates are scored directly instead.
 */
export const denseStage: SelectionStage = {
  name: 'dense',
  run(context) {
    const alpha = Number(process.env.PRF_ALPHA ?? 0);
    if (alpha > 0 && context.queryVector !== undefined && context.candidateIds === undefined) {
      const m = Number(process.env.PRF_M ?? 3);
      const q = context.queryVector;
      const hits = context.index.searchVectors(q, m);
      const next = new Float32Array(q.length);
      for (let i = 0; i < q.length; i++) next[i] = q[i]!;
      for (const hit of hits) {
        const v = context.index.vector(hit.key)!;
        for (let i = 0; i < q.length; i++) next[i] = next[i]! + (alpha / hits.length) * v[i]!;
      }
      let norm = 0;
      for (const x of next) norm += x * x;
      norm = Math.sqrt(norm);
      for (let i = 0; i < next.length; i++) next[i] = next[i]! / norm;
      context.queryVector = next;
    }
    const query = context.queryVector;
    if (context.method === 'bm25' || query === undefined) return;
    const { index, weights } = context;
    const toolIds = new Set<string>();
    if (context.candidateIds !== undefined) {
      for (const id of context.candidateIds) if (index.tool(id) !== undefined) toolIds.add(id);
    } else {
      const wanted = Math.max(context.k, weights.poolSize);
      for (const vector of [query, ...(context.segmentVectors ?? [])]) {
        let found = 0;
        const seen = new Set<string>();
        for (const hit of index.searchVectors(vector, wanted * weights.viewsPerTool)) {
          const toolId = index.view(hit.key)?.toolId;
          if (toolId === undefined || seen.has(toolId)) continue;
          seen.add(toolId);
          toolIds.add(toolId);
          if (++found >= wanted) break;
        }
      }
    }
    const segments = context.segmentVectors;
    for (const toolId of toolIds) {
      ensureScoredTool(context, toolId).dense = scoreToolViews({ index, toolId, query, segments, weights });
    }
  },
};

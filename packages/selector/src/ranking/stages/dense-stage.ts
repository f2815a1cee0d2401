import { denseQueryOf } from '../dense-query.js';
import { scoreToolViews } from '../score-tool-views.js';
import type { SelectionStage } from '../selection-context.js';
import { ensureScoredTool } from './ensure-scored-tool.js';

/**
 * Dense retrieval: nearest views from the vector index, grouped into the `pool.size` best tools, each then
 * scored over all its views (and the prompt's sentences). With a candidate list, the candidates are scored
 * directly instead.
 */
export const denseStage: SelectionStage = {
  name: 'dense',
  run(context) {
    const vector = context.queryVector;
    const query = denseQueryOf(context);
    if (context.method === 'bm25' || vector === undefined || query === undefined) return;
    const { index, weights } = context;
    const toolIds = new Set<string>();
    const known = new Map<string, number>();
    if (context.candidateIds !== undefined) {
      for (const id of context.candidateIds) if (index.tool(id) !== undefined) toolIds.add(id);
    } else {
      // The whole prompt's neighbours form the pool; sentences of a multi-sentence prompt only rescore it
      // (searching per sentence as well was measured to add nothing).
      const wanted = Math.max(context.k, weights.pool.size);
      for (const hit of index.searchVectors(vector, wanted * weights.pool.viewsPerTool)) {
        const toolId = index.toolIdOfView(hit.key);
        if (toolId === undefined) continue;
        known.set(hit.key, hit.similarity);
        toolIds.add(toolId);
        if (toolIds.size >= wanted) break;
      }
    }
    const ids = [...toolIds];
    const tools = ids.map((toolId) => index.toolVectors(toolId));
    const dense = scoreToolViews({ tools, query, weights: weights.views, known });
    ids.forEach((toolId, position) => {
      ensureScoredTool(context, toolId).dense = dense[position]!;
    });
  },
};

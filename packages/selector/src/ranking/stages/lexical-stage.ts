import type { SelectionStage } from '../selection-context.js';
import { ensureScoredTool } from './ensure-scored-tool.js';

/** Lexical retrieval: the best BM25 tools (within the candidates, when given) join the pool. */
export const lexicalStage: SelectionStage = {
  name: 'lexical',
  run(context) {
    if (context.method === 'dense') return;
    const { index, weights, candidateIds } = context;
    const wanted = Math.max(context.k, weights.pool.size);
    const hits =
      candidateIds === undefined
        ? index.searchLexical(context.prompt, wanted)
        : index.searchLexical(context.prompt, index.toolCount).filter((hit) => candidateIds.has(hit.key));
    for (const hit of hits.slice(0, wanted)) {
      // Pooled under the tool's own id string, which later lookups by id then match by identity.
      const id = index.tool(hit.key)?.id;
      if (id === undefined) continue;
      ensureScoredTool(context, id).lexical = { score: hit.score, terms: hit.matchedTerms };
    }
  },
};

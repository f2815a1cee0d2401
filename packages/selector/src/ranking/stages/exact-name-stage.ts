import type { SelectionStage } from '../selection-context.js';
import { ensureScoredTool } from './ensure-scored-tool.js';

/** Finds tools the prompt names by id, name or title; fusion puts them first. */
export const exactNameStage: SelectionStage = {
  name: 'exact',
  run(context) {
    if (context.method !== 'toolsift' || !context.weights.exactName.isFirst) return;
    for (const hit of context.index.matchNames(context.prompt)) {
      if (context.candidateIds !== undefined && !context.candidateIds.has(hit.toolId)) continue;
      ensureScoredTool(context, hit.toolId).exact = hit;
    }
  },
};

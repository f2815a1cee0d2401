import type { SelectionStage } from '../selection-context.js';

/**
 * A confidence in [0, 1] per ranked tool: a logistic of its fused score, its margin over the next tool, its
 * best raw view similarity, its lexical part and whether the prompt names it. The coefficients are options
 * (`confidence*` weights), fitted on bench dev data so that the value reads as a probability of being right.
 */
export const confidenceStage: SelectionStage = {
  name: 'confidence',
  run(context) {
    const { weights, ranked } = context;
    ranked.forEach((tool, index) => {
      const next = ranked[index + 1];
      const margin = next === undefined ? tool.score : Math.max(0, tool.score - next.score);
      const similarity = tool.dense?.views[0]?.similarity ?? 0;
      const logit =
        weights.confidenceBias +
        weights.confidenceFused * tool.score +
        weights.confidenceMargin * margin +
        weights.confidenceSimilarity * similarity +
        weights.confidenceCoverage * tool.parts.lexical +
        weights.confidenceExactName * Number(tool.exact !== undefined);
      tool.confidence = 1 / (1 + Math.exp(-logit));
    });
  },
};

import { CONFIDENCE_COEFFICIENTS } from '../confidence-coefficients.js';
import type { SelectionStage } from '../selection-context.js';

/**
 * A confidence in [0, 1] per ranked tool: a logistic of its score and margin over the next tool, its fused
 * and lexical parts before scaling, its best raw view similarity, and whether the prompt names it. The
 * coefficients (`CONFIDENCE_COEFFICIENTS`, internal) were fitted on the tuning halves of the bench datasets
 * (bench/src/tune.ts) so that the value reads as the probability that the tool is a right one.
 */
export const confidenceStage: SelectionStage = {
  name: 'confidence',
  run(context) {
    const { ranked } = context;
    ranked.forEach((tool, index) => {
      const next = ranked[index + 1];
      const margin = next === undefined ? tool.score : Math.max(0, tool.score - next.score);
      const similarity = tool.dense?.views[0]?.similarity ?? 0;
      const logit =
        CONFIDENCE_COEFFICIENTS.bias +
        CONFIDENCE_COEFFICIENTS.score * tool.score +
        CONFIDENCE_COEFFICIENTS.margin * margin +
        CONFIDENCE_COEFFICIENTS.fused * tool.parts.fused +
        CONFIDENCE_COEFFICIENTS.similarity * similarity +
        CONFIDENCE_COEFFICIENTS.lexical * tool.parts.lexical +
        CONFIDENCE_COEFFICIENTS.exactName * Number(tool.exact !== undefined);
      tool.confidence = 1 / (1 + Math.exp(-logit));
    });
  },
};

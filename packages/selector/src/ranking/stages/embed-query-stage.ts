import { promptSegments } from '../prompt-segments.js';
import type { SelectionStage } from '../selection-context.js';

/**
 * Embeds the prompt and, when it has several, its sentences (skipped for the lexical-only method). The whole
 * prompt and its sentences go to the model in two calls: in one batch every sentence would be padded to the
 * whole prompt's length, which costs about a fifth more on long multi-sentence prompts for the same vectors.
 */
export const embedQueryStage: SelectionStage = {
  name: 'embed',
  async run(context) {
    if (context.method === 'bm25' || context.queryVector !== undefined) return;
    const segments = context.weights.views.sentence > 0 ? promptSegments(context.prompt) : [];
    const [whole] = await context.embedTexts([context.prompt]);
    context.queryVector = whole!;
    if (segments.length > 0) context.segmentVectors = await context.embedTexts(segments);
  },
};

import { promptSegments } from '../prompt-segments.js';
import type { SelectionStage } from '../selection-context.js';

/** Embeds the prompt, and in the same batch its sentences when it has several (skipped for the lexical-only method). */
export const embedQueryStage: SelectionStage = {
  name: 'embed',
  async run(context) {
    if (context.method === 'bm25' || context.queryVector !== undefined) return;
    const segments = context.weights.segmentWeight > 0 ? promptSegments(context.prompt) : [];
    const [whole, ...parts] = await context.embedTexts([context.prompt, ...segments]);
    context.queryVector = whole!;
    if (parts.length > 0) context.segmentVectors = parts;
  },
};

import type { SelectionStage } from '../selection-context.js';

/** Embeds the prompt (skipped for the lexical-only method). */
export const embedQueryStage: SelectionStage = {
  name: 'embed',
  async run(context) {
    if (context.method === 'bm25' || context.queryVector !== undefined) return;
    context.queryVector = await context.embedQuery(context.prompt);
  },
};

import type { LearnedPrompts } from '../index-store/learned-prompts-file.js';
import type { ToolIndex } from '../index-store/tool-index.js';
import { buildLearnedView } from '../views/build-learned-view.js';

/**
 * The texts of the learned views `prompts` gives the catalog's tools that the index has no view of yet: what adopting
 * them will embed (prompts of tools outside the catalog are kept, and have no view).
 */
export function newLearnedTexts(index: ToolIndex, prompts: LearnedPrompts): string[] {
  const texts = new Set<string>();
  for (const [toolId, list] of prompts) {
    if (index.tool(toolId) === undefined) continue;
    const known = new Set(index.views(toolId).map((view) => view.text));
    for (const { prompt } of list) {
      const { text } = buildLearnedView(toolId, prompt);
      if (!known.has(text)) texts.add(text);
    }
  }
  return [...texts];
}

import type { IndexStore } from './index-store.js';
import { adoptLearned, openToolIndex } from './open-tool-index.js';

/**
 * The store of an index nothing keeps: `load` builds it in memory, `save` keeps nothing, and learned prompts live
 * in the index only. A selector without an index folder uses it, and so does a learn with `isSaved: false`.
 */
export function openMemoryStore(): IndexStore {
  return {
    location: undefined,
    catalogMemo: undefined,
    load: (options) => openToolIndex(options),
    save: async () => [],
    async changeLearned({ index, embedder, change }) {
      const { prompts, report } = change(index.learned());
      await index.upsertTools({ tools: adoptLearned(index, prompts), embedder });
      return { report, warnings: [] };
    },
  };
}

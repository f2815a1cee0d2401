import type { Tool } from '@toolsift/core';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { createSelector, type Selector } from '../../src/selector/create-selector.js';

/**
 * A selector over in-memory tools with the hash embedder (fast; rule logic is what these tests check), checking
 * that every rule touches only the fields it declares.
 */
export function rulesSelector(tools: readonly Tool[]): Promise<Selector> {
  return createSelector({
    catalog: tools,
    embedder: createHashEmbedder({ dimensions: 512 }),
    indexDir: false,
    checkRules: true,
  });
}

/** The ids of a selection's tools. */
export function idsOf(selection: { tools: ReadonlyArray<{ id: string }> }): string[] {
  return selection.tools.map((tool) => tool.id);
}

import type { Tool } from '@toolsift/core';
import { type ToolActionFact, toolActionOf } from './tool-action.js';

/** The actions of a catalog's tools, and how many of its tools say what they do. */
export interface ToolActionTable {
  /** Share of the catalog's tools whose action is known (0 for an empty catalog). */
  readonly knownShare: number;
  actionOf(toolId: string): ToolActionFact | undefined;
}

/** Read every tool's action once (see `toolActionOf`). */
export function createToolActionTable(tools: Iterable<Tool>): ToolActionTable {
  const actions = new Map<string, ToolActionFact>();
  let count = 0;
  for (const tool of tools) {
    count++;
    const fact = toolActionOf(tool);
    if (fact !== undefined) actions.set(tool.id, fact);
  }
  return {
    knownShare: count === 0 ? 0 : actions.size / count,
    actionOf: (toolId) => actions.get(toolId),
  };
}

import type { ScoredTool, SelectionContext } from '../selection-context.js';

/** The pool entry of a tool, created empty on first use. */
export function ensureScoredTool(context: SelectionContext, toolId: string): ScoredTool {
  let entry = context.pool.get(toolId);
  if (entry === undefined) {
    entry = { toolId, parts: { dense: 0, lexical: 0, fused: 0 }, score: 0, confidence: 0, reasons: [] };
    context.pool.set(toolId, entry);
  }
  return entry;
}

import type { SelectionReason, SideTool } from '../ranking/selection-context.js';
import type { RuleRun } from './rule-run.js';
import { toolFacts } from './tool-facts.js';

/** A side entry (unavailable, suggestion, removed) for a tool: id, name, reasons and its declared facts. */
export function sideTool(run: RuleRun, toolId: string, reasons: SelectionReason[]): SideTool {
  const tool = run.index.tool(toolId);
  return { id: toolId, name: tool?.name ?? toolId, reasons, ...toolFacts(tool) };
}

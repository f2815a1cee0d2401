import { fitToolBudget, type Tool } from '@toolsift/core';
import type { SelectionContext } from '../ranking/selection-context.js';
import { WarningCode } from '../ranking/warning-code.js';
import type { SelectOptions } from './selection.js';

/**
 * Cut the ranked tools to the longest prefix whose emitted schemas fit `maxTokens` and the target provider's
 * hard tool-count limit; the cut is reported as a `TOOL_BUDGET` warning, never silent.
 */
export function applyToolBudget(input: { context: SelectionContext; options: SelectOptions }): void {
  const { context, options } = input;
  if (options.maxTokens === undefined && options.target === undefined) return;
  const tools = context.ranked
    .map((scored) => context.index.tool(scored.toolId))
    .filter((tool): tool is Tool => tool !== undefined);
  const fitted = fitToolBudget({
    tools,
    target: options.target ?? 'openai',
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
  });
  if (fitted.stoppedBy === undefined) return;
  const dropped = context.ranked.slice(fitted.fitted.length);
  context.ranked = context.ranked.slice(0, fitted.fitted.length);
  context.warnings.push({
    code: WarningCode.ToolBudget,
    message:
      `${dropped.length} tool(s) left out to stay within ${fitted.stoppedBy} ` +
      `(${fitted.totalTokens} tokens kept): ${dropped.map((tool) => tool.toolId).join(', ')}`,
  });
}

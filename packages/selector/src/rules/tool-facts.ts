import type { RateLimit, Risk, Tool, ToolAnnotations } from '@toolsift/core';

/** What a caller must know before running a tool: approval, risk, rate limits, behaviour hints. */
export interface ToolFacts {
  requiresApproval?: boolean;
  risk?: Risk;
  rateLimit?: RateLimit;
  annotations?: ToolAnnotations;
}

/** The declared facts of a tool; absent ones are omitted. */
export function toolFacts(tool: Tool | undefined): ToolFacts {
  if (tool === undefined) return {};
  return {
    ...(tool.requiresApproval !== undefined ? { requiresApproval: tool.requiresApproval } : {}),
    ...(tool.risk !== undefined ? { risk: tool.risk } : {}),
    ...(tool.rateLimit !== undefined ? { rateLimit: tool.rateLimit } : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
  };
}

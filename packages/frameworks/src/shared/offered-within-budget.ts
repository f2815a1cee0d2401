import type { SessionTool } from '@toolsift/selector';

/**
 * At most `k` of a session's offered tools: the session adds recently called tools beyond its `k`; they stay,
 * and the lowest-ranked of the others make room for them (a request never carries more than `k` tools). The
 * session's order is kept.
 */
export function offeredWithinBudget(tools: readonly SessionTool[], k: number): SessionTool[] {
  if (tools.length <= k) return [...tools];
  const sticky = tools.filter((tool) => tool.isSticky).slice(0, k);
  const ranked = tools
    .filter((tool) => !tool.isSticky)
    .sort((a, b) => b.confidence - a.confidence || b.score - a.score)
    .slice(0, k - sticky.length);
  const kept = new Set([...sticky, ...ranked]);
  return tools.filter((tool) => kept.has(tool));
}

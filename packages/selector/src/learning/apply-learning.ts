import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import type { ToolIndex } from '../index-store/tool-index.js';
import { normalizePrompt } from '../views/build-learned-view.js';
import { checkMaxPerTool } from './learned-bound.js';
import type { ForgetRequest, LearnedExample, LearnReport } from './learned-example.js';

/**
 * Add learned prompts to their tools (or remove them) in the index's learned store and return the tools
 * whose views must be re-indexed. A prompt is only ever attached to the tool it was learned for; a tool
 * that learns past `maxPerTool` prompts drops its oldest. Throws UNKNOWN_TOOL when an example names a
 * tool the catalog does not have.
 */
export function applyLearning(options: {
  index: ToolIndex;
  learn?: readonly LearnedExample[];
  forget?: readonly ForgetRequest[];
  /** Learned prompts kept per tool (default `DEFAULT_MAX_LEARNED_PER_TOOL`). */
  maxPerTool?: number | undefined;
}): { report: LearnReport; tools: Tool[] } {
  const { index } = options;
  const maxPerTool = checkMaxPerTool(options.maxPerTool);
  const learned = index.learned();
  const prompts = new Map<string, string[]>([...learned].map(([toolId, list]) => [toolId, [...list]]));
  const touched = new Set<string>();
  let changed = 0;
  let unchanged = 0;
  let evicted = 0;

  for (const example of options.learn ?? []) {
    const toolId = resolveToolId(index, example.tool);
    const prompt = normalizePrompt(example.prompt);
    if (prompt.length === 0)
      throw new ToolsiftError(ErrorCode.UsageError, `empty prompt learned for tool "${toolId}"`);
    const list = prompts.get(toolId) ?? [];
    if (list.some((known) => known.toLowerCase() === prompt.toLowerCase())) {
      unchanged++;
      continue;
    }
    list.push(prompt);
    // Lists are in learning order: the oldest go first. Only a tool that learns is trimmed to the bound.
    if (list.length > maxPerTool) evicted += list.splice(0, list.length - maxPerTool).length;
    prompts.set(toolId, list);
    touched.add(toolId);
    changed++;
  }

  for (const request of options.forget ?? []) {
    const prompt = request.prompt === undefined ? undefined : normalizePrompt(request.prompt).toLowerCase();
    const toolIds =
      request.tool === undefined ? [...prompts.keys()] : [resolveLearnedToolId(index, prompts, request.tool)];
    let removed = 0;
    for (const toolId of toolIds) {
      const list = prompts.get(toolId) ?? [];
      const kept = prompt === undefined ? [] : list.filter((known) => known.toLowerCase() !== prompt);
      if (kept.length === list.length) continue;
      removed += list.length - kept.length;
      prompts.set(toolId, kept);
      touched.add(toolId);
    }
    if (removed > 0) changed += removed;
    else unchanged++;
  }

  for (const toolId of touched) index.setLearned(toolId, prompts.get(toolId) ?? []);
  const tools = [...touched]
    .map((toolId) => index.tool(toolId))
    .filter((tool): tool is Tool => tool !== undefined);
  return {
    report: { changed, unchanged, tools: [...touched].sort(), ...(evicted > 0 ? { evicted } : {}) },
    tools,
  };
}

// --- internal ---

function resolveToolId(index: ToolIndex, reference: string): string {
  if (index.tool(reference) !== undefined) return reference;
  const byName = index.tools().filter((tool) => tool.name === reference);
  if (byName.length === 1) return byName[0]!.id;
  const hint = byName.length > 1 ? `; the name is shared by ${byName.map((tool) => tool.id).join(', ')}` : '';
  throw new ToolsiftError(
    ErrorCode.UnknownTool,
    `cannot learn for unknown tool "${reference}": no tool in the catalog has this id or name${hint}`,
    { tool: reference },
  );
}

function resolveLearnedToolId(
  index: ToolIndex,
  prompts: ReadonlyMap<string, string[]>,
  reference: string,
): string {
  return prompts.has(reference) ? reference : resolveToolId(index, reference);
}

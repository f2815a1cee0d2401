import { ErrorCode, type Tool, ToolsiftError } from '@toolsift/core';
import { capPrompt, MAX_PROMPT_LENGTH } from '../ranking/cap-prompt.js';
import { normalizePrompt } from '../views/build-learned-view.js';
import { holdsSecret } from './holds-secret.js';
import { type LearnWarning, LearnWarningCode } from './learn-warning.js';
import { checkMaxPerTool } from './learned-bound.js';
import type { ForgetRequest, LearnedExample, LearnReport } from './learned-example.js';
import type { LearnedPrompt, LearnedPrompts, LearnSource } from './learned-prompt.js';

/** The tools learned prompts are checked against: learning resolves a tool by id, or by a name unique in the catalog. */
export interface LearningCatalog {
  tool(id: string): Tool | undefined;
  tools(): readonly Tool[];
}

/**
 * Learned prompts with examples added (or removed): a pure function of `prompts`, which the store runs inside its
 * learn transaction on the prompts it holds then. A prompt is only ever attached to the tool it was learned for, once
 * (case-insensitively); one known from a call and learned again as labelled becomes labelled. A tool that learns
 * past `maxPerTool` prompts of `source` drops its oldest of that source, never prompts of the other. A prompt that
 * holds what looks like a secret is skipped (`holdsSecret`), one longer than `MAX_PROMPT_LENGTH` is learned as
 * selection reads it (`capPrompt`); the report says how many of each. Throws UNKNOWN_TOOL when an example names a
 * tool the catalog does not have, USAGE_ERROR for a blank prompt.
 */
export function applyLearning(options: {
  /** The learned prompts now, by tool id (not changed). */
  prompts: LearnedPrompts;
  catalog: LearningCatalog;
  learn?: readonly LearnedExample[];
  forget?: readonly ForgetRequest[];
  /** Where the examples to learn come from (default `labelled`). */
  source?: LearnSource | undefined;
  /** Prompts of `source` kept per tool (default: no bound for labelled, `DEFAULT_MAX_LEARNED_PER_TOOL` for call). */
  maxPerTool?: number | undefined;
}): { prompts: LearnedPrompts; report: LearnReport } {
  const { catalog } = options;
  const source = options.source ?? 'labelled';
  const maxPerTool = checkMaxPerTool(options.maxPerTool, source);
  const prompts = new Map<string, LearnedPrompt[]>(
    [...options.prompts].map(([toolId, list]) => [toolId, list.map((entry) => ({ ...entry }))]),
  );
  const touched = new Set<string>();
  let changed = 0;
  let unchanged = 0;
  let evicted = 0;
  let secrets = 0;
  let truncated = 0;

  for (const example of options.learn ?? []) {
    if (holdsSecret(example.prompt)) {
      secrets++;
      continue;
    }
    const toolId = resolveToolId(catalog, example.tool);
    const { prompt, isTruncated } = learnedText(example.prompt);
    if (prompt.length === 0)
      throw new ToolsiftError(ErrorCode.UsageError, `empty prompt learned for tool "${toolId}"`);
    if (isTruncated) truncated++;
    const list = prompts.get(toolId) ?? [];
    const known = list.find((entry) => entry.prompt.toLowerCase() === prompt.toLowerCase());
    if (known !== undefined) {
      // A labelled example outranks a call: it is no longer the call bound's to drop.
      if (source === 'labelled' && known.source === 'call') known.source = 'labelled';
      unchanged++;
      continue;
    }
    list.push({ prompt, source });
    // Lists are in learning order: the oldest go first. Only a tool that learns is trimmed to the bound.
    evicted += trimOldest(list, source, maxPerTool);
    prompts.set(toolId, list);
    touched.add(toolId);
    changed++;
  }

  for (const request of options.forget ?? []) {
    const prompt =
      request.prompt === undefined ? undefined : learnedText(request.prompt).prompt.toLowerCase();
    const toolIds =
      request.tool === undefined
        ? [...prompts.keys()]
        : [resolveLearnedToolId(catalog, prompts, request.tool)];
    let removed = 0;
    for (const toolId of toolIds) {
      const list = prompts.get(toolId) ?? [];
      const kept = prompt === undefined ? [] : list.filter((known) => known.prompt.toLowerCase() !== prompt);
      if (kept.length === list.length) continue;
      removed += list.length - kept.length;
      prompts.set(toolId, kept);
      touched.add(toolId);
    }
    if (removed > 0) changed += removed;
    else unchanged++;
  }

  for (const [toolId, list] of prompts) if (list.length === 0) prompts.delete(toolId);
  const warnings = screenWarnings(secrets, truncated);
  return {
    prompts,
    report: {
      changed,
      unchanged,
      tools: [...touched].sort(),
      ...(evicted > 0 ? { evicted } : {}),
      ...(secrets > 0 ? { skipped: secrets } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
  };
}

// --- internal ---

/** A prompt as it is learned: spaces collapsed, and cut to what selection reads (`capPrompt`). */
function learnedText(prompt: string): { prompt: string; isTruncated: boolean } {
  const normal = normalizePrompt(prompt);
  const capped = capPrompt(normal);
  return { prompt: normalizePrompt(capped.prompt), isTruncated: capped.warning !== undefined };
}

/** What the report says about prompts skipped and cut: counts and reasons, never a prompt. */
function screenWarnings(secrets: number, truncated: number): LearnWarning[] {
  const warnings: LearnWarning[] = [];
  if (secrets > 0) {
    warnings.push({
      code: LearnWarningCode.PromptHasSecret,
      message: `${secrets} prompt(s) not learned: they hold what looks like a secret (an API key, a token, a password in a URL)`,
      count: secrets,
    });
  }
  if (truncated > 0) {
    warnings.push({
      code: LearnWarningCode.PromptTruncated,
      message: `${truncated} prompt(s) longer than ${MAX_PROMPT_LENGTH.toLocaleString('en-US')} characters learned as their start and end, as selection reads them`,
      count: truncated,
    });
  }
  return warnings;
}

/** Drop the oldest prompts of `source` past `maxPerTool`; returns how many were dropped. */
function trimOldest(list: LearnedPrompt[], source: LearnSource, maxPerTool: number): number {
  let excess = list.filter((entry) => entry.source === source).length - maxPerTool;
  if (excess <= 0) return 0;
  const dropped = excess;
  for (let position = 0; excess > 0; ) {
    if (list[position]!.source === source) {
      list.splice(position, 1);
      excess--;
    } else position++;
  }
  return dropped;
}

function resolveToolId(catalog: LearningCatalog, reference: string): string {
  if (catalog.tool(reference) !== undefined) return reference;
  const byName = catalog.tools().filter((tool) => tool.name === reference);
  if (byName.length === 1) return byName[0]!.id;
  const hint = byName.length > 1 ? `; the name is shared by ${byName.map((tool) => tool.id).join(', ')}` : '';
  throw new ToolsiftError(
    ErrorCode.UnknownTool,
    `cannot learn for unknown tool "${reference}": no tool in the catalog has this id or name${hint}`,
    { tool: reference },
  );
}

function resolveLearnedToolId(
  catalog: LearningCatalog,
  prompts: ReadonlyMap<string, LearnedPrompt[]>,
  reference: string,
): string {
  return prompts.has(reference) ? reference : resolveToolId(catalog, reference);
}

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Embedder } from '../embedding/embedder.js';
import { capPrompt } from '../ranking/cap-prompt.js';
import { defaultStages } from '../ranking/default-stages.js';
import type { RankingIndex } from '../ranking/ranking-index.js';
import { type RankingWeightOverrides, resolveRankingWeights } from '../ranking/ranking-weights.js';
import { runStages } from '../ranking/run-stages.js';
import type { SelectionContext } from '../ranking/selection-context.js';
import { WarningCode } from '../ranking/warning-code.js';
import type { SelectionRules } from '../rules/create-selection-rules.js';
import { applyToolBudget } from './apply-tool-budget.js';
import type { Selection, SelectOptions } from './selection.js';

/** Run the selection pipeline for one prompt and shape the result. */
export async function runSelection(options: {
  prompt: string;
  index: RankingIndex;
  embedder: Embedder;
  options: SelectOptions;
  defaults?: RankingWeightOverrides | undefined;
  /** The selector's rules (`createSelectionRules`). */
  rules: SelectionRules;
}): Promise<Selection> {
  const started = performance.now();
  const { prompt, index, embedder } = options;
  const k = options.options.k ?? DEFAULT_K;
  if (!Number.isInteger(k) || k < 1) {
    throw new ToolsiftError(ErrorCode.UsageError, `k must be a whole number >= 1, got ${String(k)}`, { k });
  }
  if (prompt.trim().length === 0) throw new ToolsiftError(ErrorCode.UsageError, 'the prompt is empty');
  const capped = capPrompt(prompt);
  const context: SelectionContext = {
    prompt: capped.prompt,
    k,
    method: options.options.method ?? 'toolsift',
    weights: resolveRankingWeights(options.defaults, options.options.weights),
    index,
    embedTexts: (texts) => embedder.embed(texts),
    pool: new Map(),
    ranked: [],
    unavailable: [],
    suggestions: [],
    warnings: capped.warning === undefined ? [] : [capped.warning],
  };
  if (options.options.candidates !== undefined) {
    context.candidateIds = new Set(options.options.candidates);
    const unknown = options.options.candidates.filter((id) => index.tool(id) === undefined);
    if (unknown.length > 0) {
      context.warnings.push({
        code: WarningCode.UnknownCandidate,
        message: `candidates not in the catalog were ignored: ${unknown.join(', ')}`,
      });
    }
  }
  const rules = options.rules.forSelection({ index, options: options.options });
  // The single-side methods are the bench baselines: retrieval and fusion only, no rules.
  const stages = context.method === 'toolsift' ? defaultStages({ phases: rules.phases }) : defaultStages();
  const timings = await runStages(stages, context);
  applyToolBudget({ context, options: options.options });
  timings.total = performance.now() - started;
  return {
    tools: context.ranked.map((tool) => ({
      id: tool.toolId,
      name: index.tool(tool.toolId)?.name ?? tool.toolId,
      // Rules may take a tool's score below 0 to sort it below the ones at 0; the result keeps [0, 1].
      score: round(Math.max(0, tool.score), 4),
      confidence: round(tool.confidence, 4),
      reasons: tool.reasons,
      ...rules.extras(tool),
    })),
    unavailable: context.unavailable,
    suggestions: context.suggestions,
    warnings: context.warnings,
    timings: Object.fromEntries(Object.entries(timings).map(([stage, ms]) => [stage, round(ms, 3)])),
    ...rules.report(),
  };
}

/** Tools returned when `k` is not given. */
export const DEFAULT_K = 5;

// --- internal ---

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

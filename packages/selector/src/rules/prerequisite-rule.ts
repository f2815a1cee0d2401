import { denseQueryOf } from '../ranking/dense-query.js';
import { compareScoredTools } from '../ranking/fuse-scores.js';
import { scoreToolViews } from '../ranking/score-tool-views.js';
import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import type { ReasonOf } from '../ranking/selection-reason.js';
import { ensureScoredTool } from '../ranking/stages/ensure-scored-tool.js';
import { type Availability, checkPrerequisites, describeMissing } from './check-prerequisites.js';
import type { BuiltInRuleRun } from './rule-run.js';
import type { BuiltInRule } from './selection-rule.js';
import { sideTool } from './side-tool.js';

/**
 * Prerequisites: a ranked tool that cannot run here (env var, configuration, OAuth grant or OS missing)
 * leaves the ranking. If it would have been selected it is listed in `unavailable` with what is missing,
 * how to get it and its fallbacks; a fallback tool that can run takes its place, and its runnable
 * alternatives become suggestions. With `includeUnavailable` it stays in the ranking, annotated.
 */
export function prerequisiteRule(): BuiltInRule {
  return {
    name: 'prerequisites',
    phase: 'after-fusion',
    reads: ['queryVector', 'k', 'ranked', 'score', 'suggestions', 'run.availability'],
    writes: ['run.availability', 'ranked', 'score', 'unavailable', 'suggestions', 'reasons'],
    apply(context, run) {
      const kept: ScoredTool[] = [];
      const placed = new Set<string>();
      let available = 0;
      for (const [rank, scored] of context.ranked.entries()) {
        if (placed.has(scored.toolId)) continue;
        const availability = availabilityOf(run, scored.toolId);
        if (availability.isAvailable || run.options.includeUnavailable === true) {
          if (!availability.isAvailable) scored.reasons.push(missingReason(availability));
          else available++;
          kept.push(scored);
          placed.add(scored.toolId);
          continue;
        }
        // Listed only when it would have been selected had it been runnable: within the top k as ranked.
        if (rank >= context.k || available >= context.k) continue;
        const fallback = offerFallback({ run, context, scored, availability, placed });
        if (fallback !== undefined) {
          kept.push(fallback);
          placed.add(fallback.toolId);
          available++;
        }
        context.unavailable.push({
          ...sideTool(run, scored.toolId, [
            { ...missingReason(availability), kind: 'prerequisites' },
            ...(fallback === undefined
              ? []
              : [
                  {
                    kind: 'fallback' as const,
                    message: `offered in its place: ${fallback.toolId}`,
                    details: { offered: fallback.toolId },
                  },
                ]),
          ]),
          score: Math.round(Math.max(0, scored.score) * 10_000) / 10_000,
          missing: availability.missing,
          howToGet: availability.howToGet,
          fallback: availability.fallback,
        });
        suggestAlternatives(run, context, scored.toolId);
      }
      context.ranked = kept.sort(compareScoredTools);
    },
  };
}

/** The availability of a tool in this run's environment, computed once per selection. */
export function availabilityOf(run: BuiltInRuleRun, toolId: string): Availability {
  let availability = run.availability.get(toolId);
  if (availability === undefined) {
    const tool = run.index.tool(toolId);
    availability =
      tool === undefined
        ? { isAvailable: false, missing: [], howToGet: [], fallback: [] }
        : tool.prerequisites.length === 0
          ? AVAILABLE
          : checkPrerequisites(tool, run.environment);
    run.availability.set(toolId, availability);
  }
  return availability;
}

// --- internal ---

/** The availability of every tool without prerequisites (most of them): one shared value, never changed. */
const AVAILABLE: Readonly<Availability> = Object.freeze({
  isAvailable: true,
  missing: [],
  howToGet: [],
  fallback: [],
});

function missingReason(availability: Availability): ReasonOf<'prerequisites'> {
  return {
    kind: 'prerequisites',
    message: `cannot run here: missing ${describeMissing(availability.missing)}`,
    details: { missing: availability.missing, howToGet: availability.howToGet },
  };
}

/** The first runnable tool along the fallback chain, placed with a score just below the unavailable tool. */
function offerFallback(options: {
  run: BuiltInRuleRun;
  context: SelectionContext;
  scored: ScoredTool;
  availability: Availability;
  placed: Set<string>;
}): ScoredTool | undefined {
  const { run, context, scored } = options;
  const visited = new Set<string>([scored.toolId]);
  const queue = [...options.availability.fallback];
  while (queue.length > 0) {
    const id = run.resolve(queue.shift() as string);
    if (id === undefined || visited.has(id)) continue;
    visited.add(id);
    const availability = availabilityOf(run, id);
    if (!availability.isAvailable) {
      queue.push(...availability.fallback);
      continue;
    }
    if (options.placed.has(id)) return undefined;
    if (context.candidateIds !== undefined && !context.candidateIds.has(id)) continue;
    const fallback = ensureScoredTool(context, id);
    const query = denseQueryOf(context);
    if (fallback.dense === undefined && query !== undefined) {
      // Scored like every pooled tool: over the whole prompt and its sentences.
      fallback.dense = scoreToolViews({
        tools: [run.index.toolVectors(id)],
        query,
        weights: context.weights.views,
      })[0]!;
    }
    const offered = scored.score * run.weights.fallbackFactor;
    if (offered > fallback.score) fallback.score = offered;
    fallback.reasons.push({
      kind: 'fallback',
      message: `offered in place of ${scored.toolId}, which cannot run here (missing ${describeMissing(options.availability.missing)})`,
      details: { for: scored.toolId, score: Math.round(Math.max(0, fallback.score) * 10_000) / 10_000 },
    });
    return fallback;
  }
  return undefined;
}

function suggestAlternatives(run: BuiltInRuleRun, context: SelectionContext, toolId: string): void {
  for (const alternative of run.index.tool(toolId)?.alternatives ?? []) {
    const id = run.resolve(alternative.tool);
    if (id === undefined || !availabilityOf(run, id).isAvailable) continue;
    if (context.suggestions.some((suggestion) => suggestion.id === id)) continue;
    context.suggestions.push({
      ...sideTool(run, id, [
        {
          kind: 'alternative',
          message: `alternative to ${toolId}, which cannot run here${alternative.when === undefined ? '' : `; use it when: ${alternative.when}`}`,
          details: {
            for: toolId,
            ...(alternative.benefits === undefined ? {} : { benefits: alternative.benefits }),
          },
        },
      ]),
      for: toolId,
    });
  }
}

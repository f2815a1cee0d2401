import { isActionAsked } from '../actions/judge-tool-actions.js';
import { promptActions } from '../actions/prompt-actions.js';
import type { SelectionContext } from '../ranking/selection-context.js';
import { WarningCode } from '../ranking/warning-code.js';
import {
  type AbstentionCoefficients,
  type AbstentionLogit,
  type AbstentionModel,
  abstentionLogit,
} from './abstention-model.js';
import { type AbstentionSignals, abstentionSignals } from './abstention-signals.js';
import { PROMPT_MODELS, SIGNAL_MODEL } from './abstention-weights.js';
import type { BuiltInRuleRun } from './rule-run.js';
import { roundTo } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Abstention: the best tool's fit is a logistic of several signals (best dense cosine and its margins, lexical
 * coverage, BM25 and its margin, whether dense and lexical agree on the best tool) plus, for the embedder it
 * was fitted for, a head over the prompt's own embedding that asks whether the prompt wants a tool at all.
 * Dropping a right tool is the worst outcome for an agent, so by default (`abstain: 'auto'`) the selection is
 * empty only below the strong-evidence point (fit 0.5: the bias holds it), and not when the prompt asks for a
 * change that a ranked tool says it makes ("forget everything about Bob", `delete_entities`: such statements share
 * no words with the tools and read like chat to the prompt head). Between that point and the model's LOW_FIT point
 * the tools are kept with a `LOW_FIT` warning. A tool the prompt names never abstains, nor does a
 * selection the LLM stage made. The model and both points come from bench/src/abstention.ts.
 */
export function abstentionRule(options: { embedderId: string }): BuiltInRule {
  return {
    name: 'abstention',
    phase: 'after-confidence',
    reads: [
      'prompt',
      'queryVector',
      'ranked',
      'unavailable',
      'suggestions',
      'run.signals',
      'run.signalsTool',
      'run.rerank',
    ],
    writes: ['ranked', 'unavailable', 'suggestions', 'reasons', 'warnings', 'run.abstention'],
    apply(context, run) {
      const best = context.ranked[0];
      if (run.rerank !== undefined || best === undefined || best.exact !== undefined) return;
      const model = abstentionModelFor({ embedderId: options.embedderId, queryVector: context.queryVector });
      const setAside = fittingToolsThatCannotRun(run, context);
      // The best fitting tool can run (or has a fallback in its place): its signals decide. Otherwise the tools
      // that can run are judged on their own, so that unrelated tools do not stand in for ones needing setup.
      const signals =
        setAside.length === 0 ? (run.signals ?? abstentionSignals(context)) : abstentionSignals(context);
      const logit = abstentionLogit({ model, signals, queryVector: context.queryVector });
      const fit = logistic(sumOf(logit));
      const lowFit = coefficientsFor(model, signals).lowFit ?? DEFAULT_LOW_FIT;
      const threshold = abstainThreshold(run, lowFit);
      const described = describe({ signals, model, promptLogit: logit.prompt });
      const rounded = roundSignals(signals);
      best.reasons.push({
        kind: 'abstention',
        message: `fit ${fit.toFixed(3)} ${fit >= threshold ? '>=' : '<'} threshold ${roundTo(threshold)} (${described})`,
        details: {
          fit: roundTo(fit),
          threshold: roundTo(threshold),
          lowFit,
          model: model.id,
          promptLogit: roundTo(logit.prompt),
          ...rounded,
        },
      });
      // "Fits, but cannot run here" is for tools that fit: when nothing in the whole ranking fits well, the
      // tools set aside for their prerequisites are not offered either.
      // The fused ranking's fit: the one above when its signals decided (no second logit).
      const rankingFit =
        run.signals === undefined || run.signals === signals
          ? fit
          : logistic(
              sumOf(abstentionLogit({ model, signals: run.signals, queryVector: context.queryVector })),
            );
      if (run.signals !== undefined && rankingFit < (run.options.threshold ?? lowFit))
        dropUnavailable(context);
      const asked = fit < threshold && isAuto(run) ? changeAskedOfRanking(run, context) : undefined;
      if (asked !== undefined) {
        context.warnings.push({
          code: WarningCode.LowFit,
          message:
            `the tools fit the prompt weakly: the best, ${best.toolId}, has fit ${fit.toFixed(3)} below the threshold ` +
            `${roundTo(threshold)} (${described}); they are kept, as the prompt asks to ${asked.action} ("${asked.word}") ` +
            `and ${asked.toolId} says it does`,
          toolId: best.toolId,
        });
        return;
      }
      if (fit >= threshold) {
        if (fit < lowFit) {
          context.warnings.push({
            code: WarningCode.LowFit,
            message:
              `the tools fit the prompt weakly: the best, ${best.toolId}, has fit ${fit.toFixed(3)} below ` +
              `${lowFit} (${described}); they are kept, as a model declines tools that do not fit`,
            toolId: best.toolId,
          });
        }
        return;
      }
      const message =
        setAside.length === 0
          ? `no tool fits well enough: the best, ${best.toolId}, has fit ${fit.toFixed(3)} below the threshold ` +
            `${roundTo(threshold)} (${described})`
          : `the tools that fit best cannot run here (${setAside.join(', ')}; see unavailable), and none that can fits ` +
            `well enough: the best, ${best.toolId}, has fit ${fit.toFixed(3)} below the threshold ${roundTo(threshold)} (${described})`;
      run.abstention = {
        tool: best.toolId,
        fit: roundTo(fit),
        threshold: roundTo(threshold),
        signals: rounded,
        message,
      };
      context.warnings.push({ code: WarningCode.Abstained, message, toolId: best.toolId });
      context.ranked = [];
    },
  };
}

/**
 * Records the abstention signals of the ranking as fusion left it, before the rules run: whether anything in
 * the catalog fits the prompt does not depend on whether the best fitting tool can run here (its fallback
 * is offered then) or on which side of a conflict wins.
 */
export function fitSignalsRule(): BuiltInRule {
  return {
    name: 'fit-signals',
    phase: 'after-fusion',
    reads: ['prompt', 'queryVector', 'ranked'],
    writes: ['run.signals', 'run.signalsTool'],
    apply(context, run) {
      run.signals = abstentionSignals(context);
      run.signalsTool = context.ranked[0]?.toolId;
    },
  };
}

/** The model for a selection: the prompt-head model of the embedder when the vector fits it, else signals only. */
export function abstentionModelFor(options: {
  embedderId: string;
  queryVector?: Float32Array | undefined;
}): AbstentionModel {
  const model = PROMPT_MODELS.find((candidate) => candidate.prompt?.embedder === options.embedderId);
  return model?.prompt !== undefined && options.queryVector?.length === model.prompt.dimensions
    ? model
    : SIGNAL_MODEL;
}

// --- internal ---

/**
 * The tools set aside as unavailable (at most 3, best first) when the best tool of the fused ranking is one of them
 * and no declared fallback took its place; empty otherwise.
 */
function fittingToolsThatCannotRun(run: BuiltInRuleRun, context: SelectionContext): string[] {
  const fitting = run.signalsTool;
  if (fitting === undefined || context.ranked.some((scored) => scored.toolId === fitting)) return [];
  const moved = context.unavailable.find((tool) => tool.id === fitting);
  if (moved === undefined || moved.reasons.some((reason) => reason.kind === 'fallback')) return [];
  return context.unavailable.slice(0, 3).map((tool) => tool.id);
}

/**
 * What a prompt asks to change that a ranked tool says it does, by its name or route (not a bare `readOnlyHint`):
 * "forget everything about Bob" asks to delete, and `delete_entities` does. Such a prompt is no chat, whatever its
 * words share with the tools: statements to a memory server match no tool's words. Only verbs in their own form
 * count ("forget", not "forgetting"), in a prompt that asks to read nothing, and only where the action rule is on.
 */
function changeAskedOfRanking(
  run: BuiltInRuleRun,
  context: SelectionContext,
): { action: string; word: string; toolId: string } | undefined {
  const table = run.index.toolActions?.();
  if (table === undefined || table.knownShare < run.weights.actionKnownShare) return undefined;
  const asked = promptActions(context.prompt, { isBaseFormOnly: true });
  if (asked.size === 0 || asked.has('read')) return undefined;
  for (const scored of context.ranked) {
    const fact = table.actionOf(scored.toolId);
    if (fact === undefined || fact.source === 'annotations' || !isActionAsked(fact.action, asked)) continue;
    const action = asked.has(fact.action) ? fact.action : [...asked.keys()][0]!;
    return { action, word: asked.get(action)!, toolId: scored.toolId };
  }
  return undefined;
}

/** The `auto` policy with its own point (no caller's `threshold`). */
function isAuto(run: BuiltInRuleRun): boolean {
  const policy = run.options.abstain ?? 'auto';
  return run.options.threshold === undefined && (policy === true || policy === 'auto');
}

/** The LOW_FIT point of a model that has none (written before the point was calibrated). */
const DEFAULT_LOW_FIT = 0.5;

/** The fit below which the selection is empty: the caller's `threshold`, else the policy's point. */
function abstainThreshold(run: BuiltInRuleRun, lowFit: number): number {
  if (run.options.threshold !== undefined) return run.options.threshold;
  const policy = run.options.abstain ?? 'auto';
  if (policy === false || policy === 'never') return 0;
  if (policy === true || policy === 'auto') return run.weights.abstainThreshold;
  if (policy === 'eager') return Math.max(lowFit, run.weights.abstainThreshold);
  const unreachable: never = policy;
  return unreachable;
}

function coefficientsFor(model: AbstentionModel, signals: AbstentionSignals): AbstentionCoefficients {
  return signals.shortlist > 0 ? model.shortlist : model.catalog;
}

/** Clears `unavailable` and the alternatives suggested in place of its tools. */
function dropUnavailable(context: SelectionContext): void {
  if (context.unavailable.length === 0) return;
  const dropped = new Set(context.unavailable.map((tool) => tool.id));
  context.unavailable = [];
  context.suggestions = context.suggestions.filter(
    (suggestion) => suggestion.for === undefined || !dropped.has(suggestion.for),
  );
}

function sumOf(logit: AbstentionLogit): number {
  return logit.signals + logit.prompt;
}

function logistic(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}

function describe(options: {
  signals: AbstentionSignals;
  model: AbstentionModel;
  promptLogit: number;
}): string {
  const { signals, model, promptLogit } = options;
  // The prompt head: how much more (or less) than the average prompt the wording reads like a tool request.
  const prompt =
    model.prompt === undefined
      ? ''
      : `, prompt wording ${promptLogit >= 0 ? '+' : ''}${promptLogit.toFixed(2)}`;
  return (
    `best cosine ${signals.denseMax.toFixed(3)}, dense margin ${signals.denseMargin.toFixed(3)}, ` +
    `coverage ${signals.coverage.toFixed(2)}, BM25 ${signals.bm25.toFixed(2)}${prompt}`
  );
}

function roundSignals(signals: AbstentionSignals): Record<string, number> {
  return Object.fromEntries(Object.entries(signals).map(([name, value]) => [name, roundTo(value)]));
}

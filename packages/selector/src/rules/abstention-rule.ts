import type { SelectionStage } from '../ranking/selection-context.js';
import { type AbstentionSignals, abstentionSignals } from './abstention-signals.js';
import type { RuleRun } from './rule-run.js';
import { roundTo } from './rule-text.js';

/**
 * Abstention: the best tool's fit is a logistic of several signals (best dense cosine, dense margin to the
 * next tool, lexical coverage of the prompt, BM25); below the threshold nothing is selected and the result
 * says why. A tool the prompt names never abstains, nor does a selection the LLM stage made. Coefficients were fitted on metatool awareness (tune half).
 */
export function abstentionRule(run: RuleRun): SelectionStage {
  return {
    name: 'abstention',
    run(context) {
      const best = context.ranked[0];
      if (
        run.options.abstain === false ||
        run.rerank !== undefined ||
        best === undefined ||
        best.exact !== undefined
      )
        return;
      const signals = run.signals ?? abstentionSignals(context.prompt, context.ranked);
      const fit = abstentionFit(signals);
      const threshold = run.options.threshold ?? run.weights.abstainThreshold;
      best.reasons.push({
        kind: 'abstention',
        message: `fit ${fit.toFixed(3)} ${fit >= threshold ? '>=' : '<'} threshold ${threshold} (${describeSignals(signals)})`,
        details: { fit: roundTo(fit), threshold, ...roundSignals(signals) },
      });
      if (fit >= threshold) return;
      const message =
        `no tool fits well enough: the best, ${best.toolId}, has fit ${fit.toFixed(3)} below the threshold ${threshold} ` +
        `(${describeSignals(signals)})`;
      run.abstention = {
        tool: best.toolId,
        fit: roundTo(fit),
        threshold,
        signals: roundSignals(signals),
        message,
      };
      context.warnings.push({ code: 'ABSTAINED', message, toolId: best.toolId });
      context.ranked = [];
    },
  };
}

/**
 * Records the abstention signals of the ranking as fusion left it, before the rules run: whether anything in
 * the catalog fits the prompt does not depend on whether the best fitting tool can run here (its fallback
 * is offered then) or on which side of a conflict wins.
 */
export function fitSignalsRule(run: RuleRun): SelectionStage {
  return {
    name: 'fit-signals',
    run(context) {
      run.signals = abstentionSignals(context.prompt, context.ranked);
    },
  };
}

/** The fit in [0, 1] of the best tool, from its signals (a logistic model fitted on bench dev data). */
export function abstentionFit(signals: AbstentionSignals): number {
  const logit =
    FIT.bias +
    FIT.denseMax * signals.denseMax +
    FIT.denseMargin * signals.denseMargin +
    FIT.coverage * signals.coverage +
    FIT.bm25 * Math.log1p(signals.bm25);
  return 1 / (1 + Math.exp(-logit));
}

// --- internal ---

/** Logistic coefficients (see test/bench/abstention.ts for the fit and the figures). */
const FIT = { bias: -8, denseMax: 14, denseMargin: 10, coverage: 2, bm25: 0.5 };

function describeSignals(signals: AbstentionSignals): string {
  return (
    `best cosine ${signals.denseMax.toFixed(3)}, dense margin ${signals.denseMargin.toFixed(3)}, ` +
    `coverage ${signals.coverage.toFixed(2)}, BM25 ${signals.bm25.toFixed(2)}`
  );
}

function roundSignals(signals: AbstentionSignals): Record<string, number> {
  return Object.fromEntries(Object.entries(signals).map(([name, value]) => [name, roundTo(value)]));
}

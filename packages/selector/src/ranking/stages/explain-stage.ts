import { redactSecrets } from '@toolsift/core';
import { fusionWeights } from '../fuse-scores.js';
import type { ScoredTool, SelectionContext, SelectionReason, SelectionStage } from '../selection-context.js';

/** Cuts the ranking to `k` and writes the readable reasons of each kept tool: name hit, view, words, parts. */
export const explainStage: SelectionStage = {
  name: 'explain',
  run(context) {
    context.ranked = context.ranked.slice(0, context.k);
    const weights = fusionWeights({
      weights: context.weights.fusion,
      method: context.method,
      isMultiSentence: context.segmentVectors !== undefined,
    });
    for (const tool of context.ranked) tool.reasons.unshift(...explainTool(context, tool, weights));
  },
};

// --- internal ---

function explainTool(
  context: SelectionContext,
  tool: ScoredTool,
  weights: ReturnType<typeof fusionWeights>,
): SelectionReason[] {
  const reasons: SelectionReason[] = [];
  if (tool.exact !== undefined) {
    reasons.push({
      kind: 'exact-name',
      message: `the prompt names this tool ("${tool.exact.matched}" matches its ${tool.exact.field})`,
      details: { matched: tool.exact.matched, field: tool.exact.field },
    });
  }
  const best = tool.dense?.views[0];
  if (tool.dense !== undefined && best !== undefined) {
    const view = context.index.view(best.key);
    const kind = view?.kind ?? 'view';
    reasons.push({
      kind: 'dense',
      message:
        `${kind} view matched with similarity ${best.similarity.toFixed(3)}: "${snippet(view?.text ?? '')}"` +
        (tool.dense.matchingViews > 1 ? ` (${tool.dense.matchingViews} views close)` : ''),
      details: {
        view: best.key,
        viewKind: kind,
        similarity: round(best.similarity),
        matchingViews: tool.dense.matchingViews,
        score: round(tool.dense.score),
      },
    });
  }
  if (tool.lexical !== undefined && tool.lexical.terms.length > 0) {
    reasons.push({
      kind: 'lexical',
      message: `words matched: ${tool.lexical.terms.join(', ')} (BM25 ${tool.lexical.score.toFixed(2)})`,
      details: { terms: tool.lexical.terms, bm25: round(tool.lexical.score) },
    });
  }
  const sides =
    context.weights.fusion.mode === 'rank'
      ? `reciprocal ranks, dense x ${round(weights.dense / weights.total)} + lexical x ${round(weights.lexical / weights.total)}`
      : `dense ${tool.parts.dense.toFixed(3)} x ${round(weights.dense / weights.total)} + lexical ${tool.parts.lexical.toFixed(3)} x ${round(weights.lexical / weights.total)}`;
  reasons.push({
    kind: 'fusion',
    // The score is the fused value over the best tool's, less what the rules (reasons below) took off.
    message: `score ${Math.max(0, tool.score).toFixed(3)}; fused ${tool.parts.fused.toFixed(3)} = ${sides} (${context.method}, ${context.weights.fusion.mode} fusion)`,
    details: {
      dense: round(tool.parts.dense),
      lexical: round(tool.parts.lexical),
      fused: round(tool.parts.fused),
      confidence: round(tool.confidence),
    },
  });
  return reasons;
}

function snippet(view: string): string {
  // Redacted before the cut: a secret cut in half no longer looks like one.
  const text = redactSecrets(view);
  return text.length <= 120 ? text : `${text.slice(0, 117)}...`;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

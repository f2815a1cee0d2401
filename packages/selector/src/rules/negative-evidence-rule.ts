import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import { compareScoredTools } from '../ranking/fuse-scores.js';
import type { ScoredTool } from '../ranking/selection-context.js';
import type { BuiltInRuleRun } from './rule-run.js';
import { roundTo, snippet } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Negative evidence: a tool's use-case `not_for` texts and its conflicts' `when_prefer_other` texts are
 * compared with the prompt; when one is closer than the tool's best positive view (by `negativeMargin`),
 * the tool loses `negativePenalty` of its score, so tools that fit rank above it.
 */
export function negativeEvidenceRule(): BuiltInRule {
  return {
    name: 'negative-evidence',
    phase: 'after-fusion',
    reads: ['queryVector', 'k', 'ranked', 'score'],
    writes: ['score', 'ranked', 'reasons'],
    async apply(context, run) {
      const query = context.queryVector;
      if (query === undefined) return;
      const checked = new Set<string>();
      // Check the top k; a demotion lets the next tool in, which is checked in turn, until the top k is stable.
      for (;;) {
        const window = context.ranked.slice(0, context.k).filter((scored) => !checked.has(scored.toolId));
        if (window.length === 0) return;
        for (const scored of window) checked.add(scored.toolId);
        const claims = window.flatMap((scored) =>
          negativeTexts(run, scored.toolId).map((claim) => ({ scored, ...claim })),
        );
        if (claims.length === 0) return;
        const vectors = await run.texts.vectors(claims.map((claim) => claim.text));
        const worst = new Map<string, { similarity: number; text: string; source: string }>();
        claims.forEach((claim, position) => {
          const similarity = cosineSimilarity(query, vectors[position] as Float32Array);
          const current = worst.get(claim.scored.toolId);
          if (current === undefined || similarity > current.similarity) {
            worst.set(claim.scored.toolId, { similarity, text: claim.text, source: claim.source });
          }
        });
        let isChanged = false;
        for (const scored of window) {
          const negative = worst.get(scored.toolId);
          const positive = scored.dense?.views[0]?.similarity;
          if (negative === undefined || positive === undefined) continue;
          if (negative.similarity <= positive + run.weights.negativeMargin) continue;
          demote(run, scored, negative, positive);
          isChanged = true;
        }
        if (!isChanged) return;
        context.ranked.sort(compareScoredTools);
      }
    },
  };
}

// --- internal ---

function demote(
  run: BuiltInRuleRun,
  scored: ScoredTool,
  negative: { similarity: number; text: string; source: string },
  positive: number,
): void {
  const before = scored.score;
  // Not clamped at 0 (the result is), so that a tool another rule already took below 0 does not rise.
  scored.score -= run.weights.negativePenalty;
  scored.reasons.push({
    kind: 'negative-evidence',
    message:
      `demoted: the prompt is closer to its ${negative.source} "${snippet(negative.text)}" ` +
      `(similarity ${negative.similarity.toFixed(3)}) than to its best positive view (${positive.toFixed(3)}); ` +
      `score ${Math.max(0, before).toFixed(3)} -> ${Math.max(0, scored.score).toFixed(3)}`,
    details: {
      source: negative.source,
      text: negative.text,
      negativeSimilarity: roundTo(negative.similarity),
      positiveSimilarity: roundTo(positive),
      penalty: run.weights.negativePenalty,
    },
  });
}

function negativeTexts(run: BuiltInRuleRun, toolId: string): Array<{ text: string; source: string }> {
  const tool = run.index.tool(toolId);
  if (tool === undefined) return [];
  const texts: Array<{ text: string; source: string }> = [];
  for (const useCase of tool.useCases) {
    if (useCase.notFor !== undefined && useCase.notFor.trim().length > 0) {
      texts.push({ text: useCase.notFor, source: `not_for ("${useCase.title}")` });
    }
  }
  for (const conflict of tool.conflicts) {
    if (conflict.whenPreferOther !== undefined && conflict.whenPreferOther.trim().length > 0) {
      texts.push({
        text: conflict.whenPreferOther,
        source: `when_prefer_other (conflict with ${conflict.tool})`,
      });
    }
  }
  return texts;
}

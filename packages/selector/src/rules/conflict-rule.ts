import { compareScoredTools } from '../ranking/fuse-scores.js';
import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import { WarningCode } from '../ranking/warning-code.js';
import { conflictBetween, type ToolConflict } from './conflict-between.js';
import { bestTextFit } from './prompt-text-fit.js';
import type { BuiltInRuleRun } from './rule-run.js';
import { roundTo } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Conflicts: walking the ranking best first, a tool that would join the top k beside a tool it conflicts
 * with is judged against it by the `when_prefer_*` texts of both declarations (closest to the prompt wins;
 * without texts, or on a tie, the higher-ranked tool wins). `high`: the loser is removed and reported in
 * `warnings`; `medium`: the loser is ranked below the winner; `low`: both stay. Both are annotated. A tool
 * beyond the top k in a high conflict with a kept tool is dropped too, so no later cut can bring it back.
 */
export function conflictRule(): BuiltInRule {
  return {
    name: 'conflicts',
    phase: 'after-fusion',
    reads: ['prompt', 'queryVector', 'ranked', 'score', 'k'],
    writes: ['ranked', 'score', 'reasons', 'warnings'],
    async apply(context, run) {
      const kept: ScoredTool[] = [];
      const rest: ScoredTool[] = [];
      for (const scored of context.ranked) {
        if (kept.length >= context.k) {
          if (!kept.some((other) => conflictBetween(run, other.toolId, scored.toolId)?.severity === 'high'))
            rest.push(scored);
          continue;
        }
        let isRemoved = false;
        for (const other of [...kept]) {
          const conflict = conflictBetween(run, other.toolId, scored.toolId);
          if (conflict === undefined) continue;
          const verdict = await judge(run, context, other, scored, conflict);
          const { winner, loser } = verdict;
          const numbers = describeVerdict(verdict);
          const detail = {
            severity: conflict.severity,
            winner: winner.toolId,
            loser: loser.toolId,
            ...verdict.fits,
            basis: verdict.basis,
          };
          if (conflict.severity === 'high') {
            context.warnings.push({
              code: WarningCode.ConflictRemoved,
              toolId: loser.toolId,
              message: `${loser.toolId} was removed: it conflicts (high) with ${winner.toolId}${reasonOf(conflict)}; ${numbers}`,
            });
            winner.reasons.push({
              kind: 'conflict',
              message: `kept over ${loser.toolId} (high conflict); ${numbers}`,
              details: detail,
            });
            if (loser === scored) {
              isRemoved = true;
              break;
            }
            kept.splice(kept.indexOf(other), 1);
            continue;
          }
          if (conflict.severity === 'medium' && loser.score >= winner.score)
            // Not clamped at 0: a winner the action rule took below 0 must still rank above its loser.
            loser.score = winner.score - 1e-4;
          const verb = conflict.severity === 'medium' ? 'ranked below' : 'kept beside';
          loser.reasons.push({
            kind: 'conflict',
            message: `${verb} ${winner.toolId} (${conflict.severity} conflict${reasonOf(conflict)}); ${numbers}`,
            details: detail,
          });
          winner.reasons.push({
            kind: 'conflict',
            message: `preferred over ${loser.toolId} (${conflict.severity} conflict); ${numbers}`,
            details: detail,
          });
        }
        if (!isRemoved) kept.push(scored);
      }
      context.ranked = [...kept.sort(compareScoredTools), ...rest];
    },
  };
}

// --- internal ---

interface Verdict {
  winner: ScoredTool;
  loser: ScoredTool;
  fits: { preferWinner?: number; preferLoser?: number };
  basis: 'prompt' | 'rank';
}

/**
 * `first` is ranked above `second`. The prompt's fit to each side's prefer-texts decides when they differ by
 * at least `conflictMargin`; otherwise (or without texts on both sides) the higher-ranked tool wins.
 */
async function judge(
  run: BuiltInRuleRun,
  context: SelectionContext,
  first: ScoredTool,
  second: ScoredTool,
  conflict: ToolConflict,
): Promise<Verdict> {
  const query = context.queryVector;
  if (query === undefined || conflict.preferA.length === 0 || conflict.preferB.length === 0) {
    return { winner: first, loser: second, fits: {}, basis: 'rank' };
  }
  const fit = (texts: string[]) =>
    bestTextFit({
      prompt: context.prompt,
      query,
      texts,
      embeddings: run.texts,
      overlapWeight: run.weights.overlapWeight,
    });
  const forFirst = (await fit(conflict.preferA))?.fit ?? 0;
  const forSecond = (await fit(conflict.preferB))?.fit ?? 0;
  const basis = Math.abs(forFirst - forSecond) >= run.weights.conflictMargin ? 'prompt' : 'rank';
  if (basis === 'prompt' && forSecond > forFirst) {
    return {
      winner: second,
      loser: first,
      fits: { preferWinner: roundTo(forSecond), preferLoser: roundTo(forFirst) },
      basis,
    };
  }
  return {
    winner: first,
    loser: second,
    fits: { preferWinner: roundTo(forFirst), preferLoser: roundTo(forSecond) },
    basis,
  };
}

function describeVerdict(verdict: Verdict): string {
  const { preferWinner, preferLoser } = verdict.fits;
  const fits =
    preferWinner === undefined || preferLoser === undefined
      ? 'no when_prefer texts on both sides'
      : `fit to when ${verdict.winner.toolId} is preferred ${preferWinner.toFixed(3)}, to when ${verdict.loser.toolId} is ${preferLoser.toFixed(3)}`;
  return verdict.basis === 'prompt'
    ? fits
    : `${fits}; too close to call, so the higher-ranked ${verdict.winner.toolId} wins`;
}

function reasonOf(conflict: ToolConflict): string {
  return conflict.reasons.length === 0 ? '' : `: ${conflict.reasons[0]}`;
}

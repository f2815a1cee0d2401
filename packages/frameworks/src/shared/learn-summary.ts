import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { LearnFailure, SessionLearnOptions, SessionLearnReport } from '@toolsift/selector';

/**
 * What an adapter's `flush()` returns: what was learned from tool calls since the previous flush, over every
 * conversation, with the calls whose learning failed. `failures` is empty when `learn.onLearnError` is given
 * (each failure went to it); everything is 0 without `learn`.
 */
export interface LearnSummary extends SessionLearnReport {
  /** Tool calls that could not be learned (e.g. UNKNOWN_TOOL for a tool removed meanwhile), in order. */
  failures: LearnFailure[];
}

/** Learn options whose failures, when the user gave no `onLearnError`, are kept until taken. */
export interface KeptLearnFailures {
  /** The options to give sessions: the user's, with an `onLearnError` that keeps failures when they had none. */
  learn: SessionLearnOptions;
  /** The failures kept since the previous call. */
  take(): LearnFailure[];
}

/**
 * The adapters select inside the framework's loop (`prepareStep`, `bindTools`, a run's hooks), where the session's
 * own failure report (the next selection's `learnFailures`) is thrown away: without a handler, failures are kept
 * here for `flush()` to return instead of being lost. USAGE_ERROR when `learn` is not `true` or an object.
 */
export function keepLearnFailures(learn: true | SessionLearnOptions): KeptLearnFailures {
  if (learn !== true && (typeof learn !== 'object' || learn === null)) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `learn must be true, false or { maxPerTool?, isSaved?, onLearnError? }, got ${JSON.stringify(learn)}`,
      { option: 'learn' },
    );
  }
  const given = learn === true ? {} : learn;
  let failures: LearnFailure[] = [];
  return {
    learn: { ...given, onLearnError: given.onLearnError ?? ((failure) => failures.push(failure)) },
    take() {
      const taken = failures;
      failures = [];
      return taken;
    },
  };
}

/** The sum of session learn reports (undefined ones, from sessions without `learn`, count as nothing). */
export function summarizeLearning(
  reports: ReadonlyArray<SessionLearnReport | undefined>,
  failures: LearnFailure[],
): LearnSummary {
  const summary: LearnSummary = { changed: 0, unchanged: 0, tools: [], skipped: 0, failed: 0, failures };
  for (const report of reports) {
    if (report === undefined) continue;
    summary.changed += report.changed;
    summary.unchanged += report.unchanged;
    summary.skipped += report.skipped;
    summary.failed += report.failed;
    summary.tools = [...new Set([...summary.tools, ...report.tools])].sort();
    if (report.evicted !== undefined) summary.evicted = (summary.evicted ?? 0) + report.evicted;
  }
  return summary;
}

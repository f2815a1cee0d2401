import { focusLearnedPrompts } from '../learning/focus-learned-prompts.js';
import { holdsSecret } from '../learning/holds-secret.js';
import { checkMaxPerTool } from '../learning/learned-bound.js';
import type { LearnedExample, LearnReport } from '../learning/learned-example.js';
import type { Selector } from '../selector/create-selector.js';
import type { LearnFailure, SessionLearnOptions, SessionLearnReport } from './session.js';

/** Learns a session's tool calls in the background, in batches, through `selector.learn`. */
export interface CallLearner {
  /** Queue the prompt a tool was called for; returns at once (a prompt holding a secret is skipped). */
  record(example: LearnedExample): void;
  /** Count a call that has no prompt to learn (no user message yet). */
  skip(): void;
  /** Wait for everything queued so far; what was learned since the last flush. Never rejects. */
  flush(): Promise<SessionLearnReport>;
  /** The failures no `onLearnError` took since the last call. */
  takeFailures(): LearnFailure[];
}

/**
 * A learner for `selector`: calls recorded in the same tick (parallel tool calls) are learned in one
 * `selector.learn` (as `call` prompts, bounded per tool), calls recorded while it runs in the next. A message that
 * called several tools is learned for each as the sentence that asked for it (`focusLearnedPrompts`). A failed batch is retried call by call, so one
 * bad call (a tool removed meanwhile) does not lose the others; each failure goes to `onLearnError`, else to
 * `takeFailures`. USAGE_ERROR at once for a bad `maxPerTool`.
 */
export function createCallLearner(selector: Selector, options: SessionLearnOptions): CallLearner {
  const learnOptions = {
    source: 'call',
    maxPerTool: checkMaxPerTool(options.maxPerTool, 'call'),
    isSaved: options.isSaved ?? true,
  } as const;
  let pending: LearnedExample[] = [];
  let running: Promise<void> | undefined;
  let report = emptyReport();
  let failures: LearnFailure[] = [];
  // The tools called for the last prompt recorded, so a message that calls its tools one step at a time is
  // still known to have called several.
  let lastMessage: { prompt: string; tools: string[] } | undefined;

  const fail = (failure: LearnFailure): void => {
    report.failed++;
    if (options.onLearnError === undefined) {
      failures.push(failure);
      return;
    }
    try {
      options.onLearnError(failure);
    } catch (error) {
      // A throwing handler must not become an unhandled rejection: its error is reported like the failure.
      failures.push({ example: failure.example, error });
    }
  };

  const learn = async (batch: readonly LearnedExample[]): Promise<void> => {
    try {
      // Each tool learns only the sentence of the message that asked for it (see `focusLearnedPrompts`).
      const examples = await focusLearnedPrompts({
        examples: batch,
        embedder: selector.embedder,
        views: (toolId) => selector.views(toolId),
        calledBefore: (prompt) => (prompt === lastMessage?.prompt ? lastMessage.tools : []),
      });
      addReport(report, await selector.learn(examples, learnOptions));
    } catch (error) {
      if (batch.length === 1) fail({ example: batch[0]!, error });
      else for (const example of batch) await learn([example]);
    }
  };

  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      await learn(batch);
    }
    running = undefined;
  };

  return {
    record(example) {
      // Checked here too, before anything is done with it (focusing embeds a prompt's sentences).
      if (holdsSecret(example.prompt)) {
        report.skipped++;
        return;
      }
      pending.push(example);
      if (lastMessage?.prompt !== example.prompt) lastMessage = { prompt: example.prompt, tools: [] };
      lastMessage.tools.push(example.tool);
      // Start on the next microtask, so the calls of one model step go in one batch.
      running ??= Promise.resolve().then(drain);
    },
    skip() {
      report.skipped++;
    },
    async flush() {
      while (running !== undefined) await running;
      const flushed = report;
      report = emptyReport();
      return flushed;
    },
    takeFailures() {
      const taken = failures;
      failures = [];
      return taken;
    },
  };
}

// --- internal ---

function emptyReport(): SessionLearnReport {
  return { changed: 0, unchanged: 0, tools: [], skipped: 0, failed: 0 };
}

function addReport(total: SessionLearnReport, part: LearnReport): void {
  total.changed += part.changed;
  total.unchanged += part.unchanged;
  total.tools = [...new Set([...total.tools, ...part.tools])].sort();
  if (part.evicted !== undefined) total.evicted = (total.evicted ?? 0) + part.evicted;
  total.skipped += part.skipped ?? 0;
  if (part.warnings !== undefined) total.warnings = [...(total.warnings ?? []), ...part.warnings];
}

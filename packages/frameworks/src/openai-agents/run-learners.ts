import {
  createSession,
  type LearnFailure,
  type Selector,
  type Session,
  type SessionLearnOptions,
  type SessionLearnReport,
} from '@toolsift/selector';
import type { ConversationEvent } from '../shared/conversation-event.js';
import { keepLearnFailures, type LearnSummary, summarizeLearning } from '../shared/learn-summary.js';

/** Sessions that only learn, one per run: their one turn is the run's last user message. */
export interface RunLearners {
  /** A new learner for a run with these input events; its one user turn is the run's last user message. */
  learnerFor(events: readonly ConversationEvent[]): Session;
  /** Record a call the run made: its learner learns it in the background. */
  recordCall(learner: Session, toolName: string): void;
  /** Wait until every call recorded so far is learned; what was learned, and the failures not yet taken. */
  flush(): Promise<LearnSummary>;
  /** The learn failures since the last call (when the user gave no `onLearnError`), handed to `onSelect`. */
  takeFailures(): LearnFailure[];
  /** Learnings in flight (for tests: none is kept once it settles). */
  inFlight(): number;
}

/**
 * Learners for the runs of an agent. A conversation's selection session mirrors the run's input exactly (it is
 * found again by it), so it cannot also record the calls a run makes: each run gets a session of its own whose one
 * turn is the run's last user message, and which learns the run's calls as they happen. Only the learnings in
 * flight are kept, not the learners: a run that throws emits no `agent_end`, so its end cannot be waited for.
 * USAGE_ERROR at once for bad learn options.
 */
export function createRunLearners(selector: Selector, learn: true | SessionLearnOptions): RunLearners {
  // Without a handler, failures go with the next choice: a learner never selects, so it cannot report them.
  const kept = keepLearnFailures(learn);
  // Checks the learn options at start-up; a learner that records nothing learns nothing.
  createSession(selector, { learn: kept.learn });
  const inFlight = new Set<Promise<void>>();
  let reports: SessionLearnReport[] = [];
  return {
    learnerFor(events) {
      const learner = createSession(selector, { learn: kept.learn });
      const lastUser = events.findLast((event) => event.kind === 'user');
      if (lastUser !== undefined) learner.addMessage({ role: 'user', content: lastUser.text });
      return learner;
    },
    recordCall(learner, toolName) {
      learner.recordToolCall(toolName);
      // `Session.flush` never rejects (failures go to `onLearnError`).
      const learning = learner.flush().then((report) => {
        if (report !== undefined) reports.push(report);
        inFlight.delete(learning);
      });
      inFlight.add(learning);
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      const flushed = reports;
      reports = [];
      return summarizeLearning(flushed, kept.take());
    },
    takeFailures: () => kept.take(),
    inFlight: () => inFlight.size,
  };
}

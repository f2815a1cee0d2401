import {
  createSession,
  type LearnFailure,
  type Selector,
  type Session,
  type SessionLearnOptions,
} from '@toolsift/selector';
import type { ConversationEvent } from '../shared/conversation-event.js';

/** Sessions that only learn, one per run: their one turn is the run's last user message. */
export interface RunLearners {
  /** A new learner for a run with these input events; its one user turn is the run's last user message. */
  learnerFor(events: readonly ConversationEvent[]): Session;
  /** Forget a run's learner once it has learned what it recorded. */
  release(learner: Session): void;
  /** Wait until every learner has learned what it recorded. */
  flush(): Promise<void>;
  /** The learn failures since the last call (when the user gave no `onLearnError`), handed to `onSelect`. */
  takeFailures(): LearnFailure[];
}

/**
 * Learners for the runs of an agent. A conversation's selection session mirrors the run's input exactly (it is
 * found again by it), so it cannot also record the calls a run makes: each run gets a session of its own whose one
 * turn is the run's last user message, and which learns the run's calls as they happen.
 */
export function createRunLearners(selector: Selector, learn: true | SessionLearnOptions): RunLearners {
  const failures: LearnFailure[] = [];
  const given = learn === true ? {} : learn;
  const options = {
    ...given,
    // Without a handler, failures go with the next choice: a learner never selects, so it cannot report them.
    onLearnError: given.onLearnError ?? ((failure: LearnFailure) => failures.push(failure)),
  };
  const learners = new Set<Session>();
  return {
    learnerFor(events) {
      const learner = createSession(selector, { learn: options });
      const lastUser = events.findLast((event) => event.kind === 'user');
      if (lastUser !== undefined) learner.addMessage({ role: 'user', content: lastUser.text });
      learners.add(learner);
      return learner;
    },
    release(learner) {
      // `Session.flush` never rejects (failures go to `onLearnError`).
      void learner.flush().then(() => learners.delete(learner));
    },
    async flush() {
      await Promise.all([...learners].map((learner) => learner.flush()));
    },
    takeFailures: () => failures.splice(0),
  };
}

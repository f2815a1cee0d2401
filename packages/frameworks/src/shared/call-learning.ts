import { createSession, type Selector, type SessionLearnOptions } from '@toolsift/selector';
import type { ConversationEvent } from './conversation-event.js';
import { createConversationSessions } from './conversation-sessions.js';
import { keepLearnFailures, type LearnSummary, summarizeLearning } from './learn-summary.js';

/** Learning from the calls seen in conversations (the opt-in `learn` of the adapters). */
export interface CallLearning {
  /**
   * Bring the learning of this conversation up to date with its events: each call not seen before is learned,
   * in the background, for the user message it answered (a conversation is recognised by its events, so a
   * call seen again in a longer conversation is not learned twice).
   */
  record(events: readonly ConversationEvent[]): void;
  /** Wait until every call recorded so far is learned; what was learned since the last flush, and what failed. */
  flush(): Promise<LearnSummary>;
}

/**
 * Learning from calls for adapters whose selection is not a session's (a search the model calls): one learning
 * session per conversation, replaying the conversation's user turns and calls. Without `learn`, nothing is
 * recorded and `flush` returns an empty summary. USAGE_ERROR at once for bad learn options; without
 * `onLearnError`, failures are kept for `flush`.
 */
export function createCallLearning(
  selector: Selector,
  learn: boolean | SessionLearnOptions | undefined,
): CallLearning {
  if (learn === undefined || learn === false) {
    return { record: () => undefined, flush: async () => summarizeLearning([], []) };
  }
  const kept = keepLearnFailures(learn);
  // Checks the learn options now, not at the first call.
  createSession(selector, { learn: kept.learn });
  const conversations = createConversationSessions({
    createSession: () => createSession(selector, { learn: kept.learn }),
  });
  return {
    record(events) {
      conversations.sessionFor(events);
    },
    async flush() {
      const reports = await Promise.all(conversations.sessions().map((session) => session.flush()));
      return summarizeLearning(reports, kept.take());
    },
  };
}

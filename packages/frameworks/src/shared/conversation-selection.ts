import {
  createSession,
  DEFAULT_SESSION,
  type Selector,
  type SessionOptions,
  type SessionSelection,
  type SessionTool,
} from '@toolsift/selector';
import type { ConversationEvent } from './conversation-event.js';
import { createConversationSessions } from './conversation-sessions.js';
import { keepLearnFailures, type LearnSummary, summarizeLearning } from './learn-summary.js';
import { offeredWithinBudget } from './offered-within-budget.js';

/** The tools chosen for one model request of a conversation. */
export interface ConversationChoice {
  /** At most `k` tools, recently called ones kept (`isSticky`), in the session's order. */
  tools: SessionTool[];
  /** The session's selection they were taken from; undefined while the conversation has no user text. */
  selection: SessionSelection | undefined;
}

/** Selection for many conversations at once, each recognised by its events. */
export interface ConversationSelection {
  /** Bring the conversation's session up to date with its events and choose its tools. */
  choose(events: readonly ConversationEvent[]): Promise<ConversationChoice>;
  /** Wait until every tool call the sessions recorded is learned (with `learn`); what was learned, and what failed. */
  flush(): Promise<LearnSummary>;
}

/**
 * What the adapters share once they have read their framework's messages as events: one session per
 * conversation (see `createConversationSessions`), and at most `k` tools per request. Bad session options (a `k`
 * of 0, a weight out of range, a `learn.maxPerTool` of 0) throw USAGE_ERROR here, at start-up, rather than at the
 * first model request (where the adapters' fallback would hide them). Without `learn.onLearnError`, learn
 * failures are kept for `flush()` (see `keepLearnFailures`).
 */
export function createConversationSelection(options: {
  selector: Selector;
  session: SessionOptions;
}): ConversationSelection {
  const { selector } = options;
  const kept =
    options.session.learn === undefined || options.session.learn === false
      ? undefined
      : keepLearnFailures(options.session.learn);
  const session = { ...options.session, ...(kept !== undefined ? { learn: kept.learn } : {}) };
  // Checks every option, learn's included; a session that records no call learns nothing, so it is dropped.
  createSession(selector, session);
  const conversations = createConversationSessions({ createSession: () => createSession(selector, session) });
  const k = session.k ?? DEFAULT_SESSION.k;
  return {
    async choose(events) {
      const conversation = conversations.sessionFor(events);
      // No user text yet (only an image, say): nothing to select from, no tool is offered.
      if (conversation.turn === 0) return { tools: [], selection: undefined };
      const selection = await conversation.select();
      return { tools: offeredWithinBudget(selection.tools, k), selection };
    },
    async flush() {
      const reports = await Promise.all(conversations.sessions().map((conversation) => conversation.flush()));
      return summarizeLearning(reports, kept?.take() ?? []);
    },
  };
}

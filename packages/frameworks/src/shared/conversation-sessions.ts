import { createHash } from 'node:crypto';
import { ErrorCode, isToolsiftError } from '@toolsift/core';
import type { Session } from '@toolsift/selector';
import type { ConversationEvent } from './conversation-event.js';

/** Selection sessions of many conversations, found again from each conversation's events. */
export interface ConversationSessions {
  /**
   * The session of the conversation these events are from, brought up to date with them: the session that has
   * seen the longest prefix of them continues (so each tool call is recorded, and learned, once), else a new
   * session replays them all.
   */
  sessionFor(events: readonly ConversationEvent[]): Session;
  /** The sessions kept now (a dropped session still finishes learning what it recorded). */
  sessions(): Session[];
}

/**
 * `prepareStep` gets only the messages, never a conversation id, and one toolsift object may serve many
 * conversations at once: a conversation is recognised by its events so far. The sessions kept are bounded;
 * the least recently used is dropped first (a dropped conversation is replayed from its messages next time).
 */
export function createConversationSessions(options: {
  createSession: () => Session;
  maxConversations?: number;
}): ConversationSessions {
  const maxConversations = options.maxConversations ?? DEFAULT_MAX_CONVERSATIONS;
  /** Key of the events a session has seen -> the session. Map order is recency. */
  const sessions = new Map<string, Session>();
  return {
    sessionFor(events) {
      const keys = prefixKeys(events);
      let seen = 0;
      let session: Session | undefined;
      for (let length = events.length; length > 0; length--) {
        session = sessions.get(keys[length]!);
        if (session !== undefined) {
          sessions.delete(keys[length]!);
          seen = length;
          break;
        }
      }
      session ??= options.createSession();
      for (const event of events.slice(seen)) apply(session, event);
      sessions.set(keys[events.length]!, session);
      if (sessions.size > maxConversations) sessions.delete(sessions.keys().next().value!);
      return session;
    },
    sessions: () => [...sessions.values()],
  };
}

// --- internal ---

/** Conversations whose sessions are kept at once by default. */
const DEFAULT_MAX_CONVERSATIONS = 256;

/** `keys[n]` identifies the first n events (a hash chain, so each key costs one event's hashing). */
function prefixKeys(events: readonly ConversationEvent[]): string[] {
  const keys = [''];
  for (const event of events) {
    const previous = keys.at(-1)!;
    keys.push(
      createHash('sha256')
        .update(previous)
        .update(event.kind === 'user' ? `u${event.text}` : `c${event.toolName}`)
        .digest('hex'),
    );
  }
  return keys;
}

function apply(session: Session, event: ConversationEvent): void {
  if (event.kind === 'user') {
    session.addMessage({ role: 'user', content: event.text });
    return;
  }
  try {
    session.recordToolCall(event.toolName);
  } catch (error) {
    // A tool outside the catalog (a provider tool, one removed since) cannot stay sticky: nothing to keep.
    if (!(isToolsiftError(error) && error.code === ErrorCode.UnknownTool)) throw error;
  }
}

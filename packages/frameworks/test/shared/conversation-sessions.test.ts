import {
  createHashEmbedder,
  createSelector,
  createSession,
  type Selector,
  type Session,
} from '@toolsift/selector';
import { beforeAll, describe, expect, test } from 'vitest';
import { createConversationSessions } from '../../src/shared/conversation-sessions.js';
import { toolsFromCode } from '../../src/shared/tools-from-code.js';

let selector: Selector;

beforeAll(async () => {
  selector = await createSelector({
    catalog: toolsFromCode([
      { name: 'get_weather', description: 'Current weather for a city', inputSchema: { type: 'object' } },
      { name: 'send_email', description: 'Send an email to someone', inputSchema: { type: 'object' } },
    ]),
    embedder: createHashEmbedder(),
    indexDir: false,
  });
});

describe('createConversationSessions', () => {
  const recording = (): { created: Session[]; calls: string[]; createSession: () => Session } => {
    const created: Session[] = [];
    const calls: string[] = [];
    return {
      created,
      calls,
      createSession() {
        const session = createSession(selector);
        const record = session.recordToolCall.bind(session);
        session.recordToolCall = (name) => {
          calls.push(name);
          return record(name);
        };
        created.push(session);
        return session;
      },
    };
  };
  const weatherTurn = [
    { kind: 'user', text: 'weather in Paris?' },
    { kind: 'call', toolName: 'get_weather' },
  ] as const;

  test('continues the session that saw a prefix of the events: each call is recorded once', () => {
    const factory = recording();
    const sessions = createConversationSessions({ createSession: factory.createSession });
    const first = sessions.sessionFor(weatherTurn.slice(0, 1));
    const second = sessions.sessionFor(weatherTurn);
    const third = sessions.sessionFor([...weatherTurn, { kind: 'user', text: 'and tomorrow?' }]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(third.turn).toBe(2);
    expect(factory.calls).toEqual(['get_weather']);
  });

  test('a conversation that branched off gets its own session, replayed from its events', () => {
    const factory = recording();
    const sessions = createConversationSessions({ createSession: factory.createSession });
    const original = sessions.sessionFor([...weatherTurn, { kind: 'user', text: 'and tomorrow?' }]);
    const edited = sessions.sessionFor([...weatherTurn, { kind: 'user', text: 'and in Rome?' }]);
    expect(edited).not.toBe(original);
    expect(factory.created).toHaveLength(2);
    expect(factory.calls).toEqual(['get_weather', 'get_weather']);
  });

  test('a call of a tool outside the catalog (a provider tool, a removed one) is skipped', () => {
    const sessions = createConversationSessions({ createSession: () => createSession(selector) });
    expect(() =>
      sessions.sessionFor([
        { kind: 'user', text: 'search the web' },
        { kind: 'call', toolName: 'web_search' },
      ]),
    ).not.toThrow();
  });

  test('keeps at most maxConversations sessions, dropping the least recently used', () => {
    const factory = recording();
    const sessions = createConversationSessions({
      createSession: factory.createSession,
      maxConversations: 2,
    });
    const a = sessions.sessionFor([{ kind: 'user', text: 'a' }]);
    sessions.sessionFor([{ kind: 'user', text: 'b' }]);
    expect(sessions.sessionFor([{ kind: 'user', text: 'a' }])).toBe(a);
    sessions.sessionFor([{ kind: 'user', text: 'c' }]);
    expect(sessions.sessions()).toHaveLength(2);
    expect(sessions.sessionFor([{ kind: 'user', text: 'a' }])).toBe(a);
    sessions.sessionFor([{ kind: 'user', text: 'b' }]);
    expect(factory.created).toHaveLength(4);
  });
});

import { isToolsiftError } from '@toolsift/core';
import {
  createSession,
  type LearnFailure,
  LearnWarningCode,
  type Selector,
  type Session,
} from '@toolsift/selector';
import { messageOf } from './supervise-upstream.js';

/** An advisory in the answer of a call (under `_meta["toolsift/warnings"]`): a stable code and a message. */
export interface CallWarning {
  code: string;
  message: string;
}

/** What one client (MCP session) of the gateway learns from its calls; see `createClientLearning`. */
export interface ClientLearning {
  /** Note that a search of this client for `query` returned these tools (qualified names). */
  searched(query: string, names: readonly string[]): void;
  /**
   * Learn, for a tool a search of this client returned, the query of the latest search that returned it; resolves
   * once it is learned, with the warnings of a learn that was skipped or failed (none for a tool no search
   * returned: nothing is learned). Never rejects.
   */
  called(name: string): Promise<CallWarning[]>;
}

/**
 * Learning from one client's calls, through a learning session over the gateway's selector (`createSession` with
 * `learn`, as the framework drop-ins learn): each call is learned as a `call` prompt of its tool, bounded per tool
 * (`DEFAULT_MAX_LEARNED_PER_TOOL`), skipped when the query holds what looks like a secret, saved where the index is.
 * Calls are learned one after another, so each answer gets the warnings of its own call.
 */
export function createClientLearning(options: {
  /** The gateway's selector (undefined before an upstream listed a tool). */
  selector: () => Promise<Selector | undefined>;
  log: (line: string) => void;
}): ClientLearning {
  const foundFor = new Map<string, string>();
  let failures: LearnFailure[] = [];
  let session: Promise<Session> | undefined;
  let lastQuery: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const sessionOf = async (): Promise<Session> => {
    const selector = await options.selector();
    // A search returned the tool, so the index had tools then: there is a selector.
    if (selector === undefined) throw new Error('the gateway has no index yet');
    return createSession(selector, { learn: { onLearnError: (failure) => failures.push(failure) } });
  };

  const learn = async (name: string, query: string): Promise<CallWarning[]> => {
    let current: Session;
    try {
      session ??= sessionOf();
      current = await session;
    } catch (error) {
      session = undefined; // the next call tries again
      return [notLearned(name, error, options.log)];
    }
    try {
      if (query !== lastQuery) {
        current.addMessage({ role: 'user', content: query });
        lastQuery = query;
      }
      current.recordToolCall(name);
      const report = await current.flush();
      const failed = failures;
      failures = [];
      const warnings: CallWarning[] = (report?.warnings ?? []).map(({ code, message }) => ({
        code,
        message,
      }));
      // The query is the session's message, so a call is skipped only for what its query holds.
      if ((report?.skipped ?? 0) > 0) {
        warnings.push({
          code: LearnWarningCode.PromptHasSecret,
          message:
            'The query of the search that found this tool looks like it holds a secret (a key, a token, a password): it was not learned.',
        });
      }
      return [...warnings, ...failed.map((failure) => notLearned(name, failure.error, options.log))];
    } catch (error) {
      return [notLearned(name, error, options.log)];
    }
  };

  return {
    searched(query, names) {
      for (const name of names) {
        foundFor.delete(name);
        foundFor.set(name, query);
      }
      for (const name of foundFor.keys()) {
        if (foundFor.size <= MAX_REMEMBERED) break;
        foundFor.delete(name);
      }
    },
    called(name) {
      const query = foundFor.get(name);
      if (query === undefined) return Promise.resolve([]);
      const learned = queue.then(() => learn(name, query));
      queue = learned;
      return learned;
    },
  };
}

// --- internal ---

/** Tools a client's searches are remembered for (the latest search of each): past it the oldest are forgotten. */
const MAX_REMEMBERED = 1_000;

/** Warning code of a call whose learning failed (the call itself was answered). */
const CALL_NOT_LEARNED = 'CALL_NOT_LEARNED';

function notLearned(name: string, error: unknown, log: (line: string) => void): CallWarning {
  const code = isToolsiftError(error) ? ` [${error.code}]` : '';
  const message = `This call was not learned for "${name}": ${messageOf(error)}${code}`;
  log(message);
  return { code: CALL_NOT_LEARNED, message };
}

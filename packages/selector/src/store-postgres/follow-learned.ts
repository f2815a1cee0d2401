import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { Sql } from 'postgres';
import { isUnreachable } from './connect-store.js';
import type { StoreReachability } from './store-reachability.js';

/** The channel every learn or forget notifies, in the transaction that writes it; the payload is `learnedPayload`. */
export const LEARNED_CHANNEL = 'toolsift_learned';

/** A notification's payload: the namespace changed and its revision then (JSON). */
export function learnedPayload(namespace: string, revision: number): string {
  return JSON.stringify({ namespace, revision });
}

/**
 * Follow the learns of other processes in one namespace: LISTEN on `LEARNED_CHANNEL` (the driver listens again after
 * a reconnect, and a change may have been missed meanwhile), and a poll of the namespace's revision every `pollMs`
 * for a notification lost on a connection that died silently (while the database is unreachable, every
 * `retryMs`). `onChange` runs when the namespace may hold what this process has not adopted; calls coalesce
 * (one runs, one waits). Nothing here keeps the process alive.
 */
export function followLearned(options: {
  background: Sql;
  namespace: string;
  /** The revision this process has adopted. */
  revision: () => number;
  reachability: StoreReachability;
  onChange: () => Promise<void>;
  pollMs: number;
  retryMs: number;
}): { stop(): Promise<void> } {
  const { background, namespace, reachability } = options;
  let isStopped = false;
  let running: Promise<void> | undefined;
  let isWanted = false;
  const change = (): void => {
    if (isStopped) return;
    if (running !== undefined) {
      isWanted = true;
      return;
    }
    running = options
      .onChange()
      .catch(() => undefined) // onChange reports its own failures (reachability)
      .finally(() => {
        running = undefined;
        if (isWanted) {
          isWanted = false;
          change();
        }
      });
  };

  let listens = 0;
  const listening = background
    .listen(
      LEARNED_CHANNEL,
      (payload) => {
        const notice = parsePayload(payload);
        if (notice?.namespace === namespace && notice.revision > options.revision()) change();
      },
      () => {
        // The first listen is part of the load; each later one follows a reconnect, which may have missed changes.
        if (listens++ > 0) {
          reachability.found();
          change();
        }
      },
    )
    .catch((error: unknown) => {
      if (isUnreachable(error)) reachability.lost(error);
      return undefined;
    });

  let timer: NodeJS.Timeout | undefined;
  const poll = async (): Promise<void> => {
    try {
      const rows = await withTimeout(
        background`select revision::text as revision from toolsift_namespaces where namespace = ${namespace}`,
        options.retryMs * 5,
      );
      const wasLost = reachability.found();
      if (wasLost || Number(rows[0]?.revision ?? 0) > options.revision()) change();
    } catch (error) {
      reachability.lost(error);
    }
    if (isStopped) return;
    timer = setTimeout(poll, reachability.isReachable ? options.pollMs : options.retryMs);
    timer.unref();
  };
  timer = setTimeout(poll, options.pollMs);
  timer.unref();

  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      const listener = await listening;
      await listener?.unlisten().catch(() => undefined);
      await running;
    },
  };
}

// --- internal ---

function parsePayload(payload: string): { namespace: string; revision: number } | undefined {
  try {
    const parsed = JSON.parse(payload) as { namespace?: unknown; revision?: unknown };
    if (typeof parsed.namespace !== 'string' || typeof parsed.revision !== 'number') return undefined;
    return { namespace: parsed.namespace, revision: parsed.revision };
  } catch {
    return undefined;
  }
}

/** The query's result, or a rejection after `ms` (a connection that died silently never answers). */
function withTimeout<T>(query: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ToolsiftError(ErrorCode.StoreUnreachable, `no answer in ${ms} ms`)),
      ms,
    );
    timer.unref();
  });
  return Promise.race([query, timeout]).finally(() => clearTimeout(timer));
}

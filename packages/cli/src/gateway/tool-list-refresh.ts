/** The re-reading of one connected server's tool list as it announces changes; see `createToolListRefresh`. */
export interface ToolListRefresh {
  /** The server sent `notifications/tools/list_changed`. */
  announce(): void;
  /**
   * Resolves once every change announced before this call is read, or once the oldest change not read is `waitMs`
   * old, or at once when the re-list that should have read it failed and none is coming: undefined when it is
   * read, else why not ("announced a new tool list 3 s ago and has not sent it yet").
   */
  caughtUp(): Promise<string | undefined>;
  /** The connection is gone: nothing more is re-listed, and whoever waits is answered (undefined) at once. */
  stop(): void;
}

/**
 * Re-list a server's tools as it announces changes, coalesced: at most one `relist` in flight, and one more after
 * it when changes came meanwhile, however many. After a re-list the next one waits `RELIST_PAUSE_FACTOR` times as
 * long as that one took (at most `MAX_RELIST_PAUSE_MS`): a server flooding `list_changed` is re-listed at most a
 * fifth of the time, and one that announces a change after a quiet spell is re-listed at once. A failed re-list is
 * passed to `onError` and not retried until the server announces another change.
 * @example const refresh = createToolListRefresh({ relist, waitMs: 2000, onError }); refresh.announce();
 */
export function createToolListRefresh(options: {
  /** Read the list and pass it on; rejects when it cannot be read. */
  relist: () => Promise<void>;
  /** How long a change may keep `caughtUp` waiting, from when it was announced. */
  waitMs: number;
  onError: (error: unknown) => void;
}): ToolListRefresh {
  // Changes are counted: `read` is the count a finished re-list covered, `attempted` the count the last one started
  // at (read or not), `announced` the count so far.
  let announced = 0;
  let attempted = 0;
  let read = 0;
  // When the oldest change not read came, and the first one since the running re-list started.
  let unreadSince: number | undefined;
  let sinceRunStart: number | undefined;
  let isRunning = false;
  let isStopped = false;
  let pause: NodeJS.Timeout | undefined;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let lastDuration = 0;
  let lastError: string | undefined;
  const waiters = new Set<() => void>();

  const settleWaiters = (): void => {
    for (const waiter of [...waiters]) waiter();
  };

  const run = async (): Promise<void> => {
    isRunning = true;
    const covers = announced;
    attempted = covers;
    sinceRunStart = undefined;
    const started = performance.now();
    try {
      await options.relist();
      read = Math.max(read, covers);
      unreadSince = sinceRunStart;
      lastError = undefined;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (!isStopped) options.onError(error);
    } finally {
      isRunning = false;
      lastEnd = performance.now();
      lastDuration = lastEnd - started;
      schedule();
      settleWaiters();
    }
  };

  function schedule(): void {
    if (isStopped || isRunning || pause !== undefined || announced === attempted) return;
    const wait =
      lastEnd + Math.min(MAX_RELIST_PAUSE_MS, lastDuration * RELIST_PAUSE_FACTOR) - performance.now();
    if (wait <= 0) {
      void run();
      return;
    }
    pause = setTimeout(() => {
      pause = undefined;
      schedule();
    }, wait);
    pause.unref();
  }

  const whyNotRead = (): string => {
    const age = formatAge(performance.now() - (unreadSince ?? performance.now()));
    return lastError !== undefined && !isRunning && pause === undefined
      ? `announced a new tool list ${age} ago that could not be read (${lastError})`
      : `announced a new tool list ${age} ago and has not sent it yet`;
  };

  return {
    announce() {
      if (isStopped) return;
      announced += 1;
      unreadSince ??= performance.now();
      if (isRunning) sinceRunStart ??= performance.now();
      schedule();
    },
    caughtUp() {
      const target = announced;
      if (isStopped || read >= target) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const check = (isTimeUp: boolean): void => {
          const isDone = isStopped || read >= target;
          // The re-list covering `target` failed and no other is coming: waiting longer brings nothing.
          const isHopeless = attempted >= target && !isRunning && pause === undefined;
          if (!isDone && !isHopeless && !isTimeUp) return;
          waiters.delete(waiter);
          if (timer !== undefined) clearTimeout(timer);
          resolve(isDone ? undefined : whyNotRead());
        };
        const waiter = (): void => check(false);
        waiters.add(waiter);
        const left = (unreadSince ?? performance.now()) + options.waitMs - performance.now();
        check(left <= 0);
        if (!waiters.has(waiter)) return;
        timer = setTimeout(() => check(true), left);
        timer.unref();
      });
    },
    stop() {
      isStopped = true;
      if (pause !== undefined) clearTimeout(pause);
      pause = undefined;
      settleWaiters();
    },
  };
}

/** A re-list waits this many times as long as the last one took, so that re-listing fills at most a fifth of the time. */
export const RELIST_PAUSE_FACTOR = 4;

// --- internal ---

/** The longest pause between two re-lists of one server (after one that took long, or timed out). */
const MAX_RELIST_PAUSE_MS = 30_000;

function formatAge(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Tasks run in the order they were queued, a few at a time; see `createTaskQueue`. */
export interface TaskQueue {
  /** Run `task` once fewer than the queue's concurrency run and every task queued before it has started. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * A first-in first-out queue running at most `concurrency` tasks at once. Tasks that interleave at every `await`
 * (searches: embedding, ranking) all finish late when many run together; queued, they finish in order, and the
 * event loop gets a turn between two tasks for other work (proxied calls).
 * @example const searches = createTaskQueue(1); await searches.run(() => searchGateway(request));
 */
export function createTaskQueue(concurrency: number): TaskQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const startNext = (): void => {
    if (running >= concurrency) return;
    const start = waiting.shift();
    if (start === undefined) return;
    running += 1;
    start();
  };
  return {
    run(task) {
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              // The next task starts on a later turn of the event loop: what waits meanwhile (I/O) goes first.
              setImmediate(startNext);
            });
        });
        startNext();
      });
    },
  };
}

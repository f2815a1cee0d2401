import { describe, expect, test } from 'vitest';
import { createTaskQueue } from '../../src/gateway/task-queue.js';

/** A task that starts when the queue runs it and ends when the test says so. */
function controlledTask(name: string, log: string[]) {
  let finish = (): void => undefined;
  let fail = (_error: Error): void => undefined;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = () => resolve(name);
      fail = reject;
    });
  return { task, finish: () => finish(), fail: (error: Error) => fail(error) };
}

/** Let a few turns of the event loop pass (the queue starts a task on the turn after the last one ended). */
async function drain(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('createTaskQueue', () => {
  test('runs one task at a time in the order they were queued', async () => {
    const queue = createTaskQueue(1);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlledTask(name, log)) as [
      ReturnType<typeof controlledTask>,
      ReturnType<typeof controlledTask>,
      ReturnType<typeof controlledTask>,
    ];
    const results = [queue.run(a.task), queue.run(b.task), queue.run(c.task)].map((result) =>
      result.then((name) => log.push(`end ${name}`)),
    );
    await drain();
    expect(log).toEqual(['start a']);
    a.finish();
    await drain();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await drain();
    c.finish();
    await Promise.all(results);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  test('runs at most `concurrency` tasks at once, starting the next as one ends', async () => {
    const queue = createTaskQueue(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlledTask(name, log));
    const results = tasks.map((task) => queue.run(task.task));
    await drain();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]?.finish();
    await drain();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    tasks[0]?.finish();
    tasks[2]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  test('a failed task rejects its own run only, and the next one starts', async () => {
    const queue = createTaskQueue(1);
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => controlledTask(name, log)) as [
      ReturnType<typeof controlledTask>,
      ReturnType<typeof controlledTask>,
    ];
    const first = queue.run(a.task);
    const second = queue.run(b.task);
    const thrown = queue.run(() => {
      throw new Error('thrown before any await');
    });
    await drain();
    a.fail(new Error('the search failed'));
    await expect(first).rejects.toThrow('the search failed');
    await drain();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    expect(await second).toBe('b');
    await expect(thrown).rejects.toThrow('thrown before any await');
  });
});

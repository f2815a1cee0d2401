import { describe, expect, test } from 'vitest';
import { createToolListRefresh } from '../../src/gateway/tool-list-refresh.js';

// A re-list the test finishes by hand: how many started, how many run now.
function manualRelist() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let started = 0;
  return {
    relist: () =>
      new Promise<void>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    started: () => started,
    running: () => pending.length,
    finish: () => pending.shift()?.resolve(),
    fail: (message: string) => pending.shift()?.reject(new Error(message)),
  };
}

const errors: unknown[] = [];
const onError = (error: unknown) => void errors.push(error);

describe('createToolListRefresh', () => {
  test('coalesced: one re-list in flight, and one after it for any number of announcements meanwhile', async () => {
    const relist = manualRelist();
    const refresh = createToolListRefresh({ relist: relist.relist, waitMs: 60_000, onError });
    refresh.announce();
    for (let count = 0; count < 100; count++) refresh.announce();
    expect(relist.started()).toBe(1);
    const caughtUp = refresh.caughtUp();
    relist.finish();
    await expect.poll(() => relist.started()).toBe(2);
    expect(relist.running()).toBe(1);
    relist.finish();
    expect(await caughtUp).toBeUndefined();
    expect(relist.started()).toBe(2);
    refresh.stop();
  });

  test('caughtUp answers at once when nothing is announced, and waits for the re-list covering what was', async () => {
    const relist = manualRelist();
    const refresh = createToolListRefresh({ relist: relist.relist, waitMs: 60_000, onError });
    expect(await refresh.caughtUp()).toBeUndefined();
    refresh.announce();
    let answer: string | undefined | 'waiting' = 'waiting';
    const caughtUp = refresh.caughtUp().then((value) => {
      answer = value;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer).toBe('waiting');
    relist.finish();
    await caughtUp;
    expect(answer).toBeUndefined();
    refresh.stop();
  });

  test('a re-list that never ends: caughtUp says why once the change is waitMs old, and later calls at once', async () => {
    const relist = manualRelist();
    const refresh = createToolListRefresh({ relist: relist.relist, waitMs: 50, onError });
    refresh.announce();
    expect(await refresh.caughtUp()).toMatch(
      /^announced a new tool list \d+ ms ago and has not sent it yet$/,
    );
    refresh.announce();
    expect(await refresh.caughtUp()).toMatch(
      /^announced a new tool list \d+ ms ago and has not sent it yet$/,
    );
    expect(relist.started()).toBe(1);
    refresh.stop();
  });

  test('a failed re-list: reported, not retried until a new announcement, and caughtUp says why at once', async () => {
    const relist = manualRelist();
    const failures: unknown[] = [];
    const refresh = createToolListRefresh({
      relist: relist.relist,
      waitMs: 60_000,
      onError: (error) => void failures.push(error),
    });
    refresh.announce();
    const caughtUp = refresh.caughtUp();
    relist.fail('timed out');
    expect(await caughtUp).toMatch(
      /^announced a new tool list \d+ ms ago that could not be read \(timed out\)$/,
    );
    expect(failures).toEqual([new Error('timed out')]);
    expect(relist.started()).toBe(1);
    refresh.announce();
    await expect.poll(() => relist.started()).toBe(2);
    relist.finish();
    expect(await refresh.caughtUp()).toBeUndefined();
    refresh.stop();
  });

  test('stop answers whoever waits, and nothing more is re-listed', async () => {
    const relist = manualRelist();
    const refresh = createToolListRefresh({ relist: relist.relist, waitMs: 60_000, onError });
    refresh.announce();
    const caughtUp = refresh.caughtUp();
    refresh.stop();
    expect(await caughtUp).toBeUndefined();
    refresh.announce();
    expect(relist.started()).toBe(1);
  });
});

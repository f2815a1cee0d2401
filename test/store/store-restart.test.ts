import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';
import { closeWorker, type StoreWorker, startWorker, until } from './store-workers.js';

// A server of its own: this file stops and starts it.
const server = await startTestPostgres('a PostgreSQL store stopped and restarted');
afterAll(() => server?.close());

const workers: StoreWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map(closeWorker));
});
const start = (url: string): StoreWorker => {
  const worker = startWorker(url);
  workers.push(worker);
  return worker;
};

interface Status {
  warnings: string[];
}

async function storedPrompts(url: string): Promise<Set<string>> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    return new Set((await sql`select prompt from toolsift_learned`).map((row) => row.prompt as string));
  } finally {
    await sql.end();
  }
}

describe.skipIf(server === undefined)('a PostgreSQL store stopped and restarted', () => {
  test('loaded processes serve on and say so, learns wait in memory and are written once it is back', async () => {
    const url = await server!.createDatabase();
    const [reader, learner, busy] = [start(url), start(url), start(url)];
    const [{ tools }] = await Promise.all([reader.ready, learner.ready, busy.ready]);
    // Under load: one process learns all along, before, during and after the outage.
    busy.send({ op: 'learn-loop', prefix: 'steady', count: 150 });
    while ((await busy.next<{ learned: number }>()).learned < 20);

    server!.stopServer();
    const tool = tools[5]!;
    const prompt = 'reconcile the platypus ledger';
    const learned = await learner.request<{ report: { warnings?: Array<{ code: string }> } }>({
      op: 'learn',
      prompt,
      tool,
    });
    expect(learned.report.warnings?.map((warning) => warning.code)).toEqual(['STORE_UNREACHABLE']);
    expect((await learner.request<Status>({ op: 'status' })).warnings).toContain('STORE_UNREACHABLE');
    // Served from memory, the learn that waits included.
    expect((await learner.request<{ tools: string[] }>({ op: 'select', prompt })).tools[0]).toBe(tool);
    expect(
      (await reader.request<{ tools: string[] }>({ op: 'select', prompt: 'weather in Oslo' })).tools.length,
    ).toBeGreaterThan(0);
    await until(async () =>
      (await reader.request<Status>({ op: 'status' })).warnings.includes('STORE_UNREACHABLE'),
    );

    // A process that has not loaded cannot start without the store, and says why (no password).
    const late = start(url);
    expect(await late.exited).not.toBe(0);
    expect(late.stderr()).toContain('STORE_UNREACHABLE');
    expect(late.stderr()).not.toContain(server!.password);

    server!.start();
    for (;;) if ((await busy.next()).done !== undefined) break;
    await until(
      async () => !(await learner.request<Status>({ op: 'status' })).warnings.includes('STORE_UNREACHABLE'),
    );
    await until(async () => (await storedPrompts(url)).has(prompt));
    // Every learn of the busy process is kept, those made during the outage too.
    await until(
      async () => [...(await storedPrompts(url))].filter((text) => text.startsWith('steady ')).length === 150,
    );
    // The reader adopts what was learned meanwhile, and learning works as before.
    await until(async () => (await reader.request<{ served: boolean }>({ op: 'served', prompt })).served);
    const again = await learner.request<{ report: { warnings?: unknown[] } }>({
      op: 'learn',
      prompt: 'after the restart',
      tool,
    });
    expect(again.report.warnings).toBeUndefined();
    expect((await storedPrompts(url)).has('after the restart')).toBe(true);
    expect((await reader.request<Status>({ op: 'status' })).warnings).not.toContain('STORE_UNREACHABLE');
  });
});

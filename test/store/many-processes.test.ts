import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';
import { closeWorker, type StoreWorker, startWorker, until } from './store-workers.js';

const server = await startTestPostgres('processes on one PostgreSQL store');
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

/** The learned prompts the store holds (every namespace), by prompt. */
async function storedPrompts(url: string): Promise<Map<string, string>> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    const rows = await sql`select prompt, tool_id from toolsift_learned`;
    return new Map(rows.map((row) => [row.prompt as string, row.tool_id as string]));
  } finally {
    await sql.end();
  }
}

describe.skipIf(server === undefined)('processes on one PostgreSQL store', () => {
  test('a prompt learned in one process is served by another, without a restart', async () => {
    const url = await server!.createDatabase();
    const [a, b] = [start(url), start(url)];
    const [{ tools }] = await Promise.all([a.ready, b.ready]);
    const tool = tools[3]!;
    const prompt = 'wombat logistics for the quarterly burrow audit';
    expect((await b.request<{ tools: string[] }>({ op: 'select', prompt })).tools[0]).not.toBe(tool);
    await a.request({ op: 'learn', prompt, tool });
    await until(async () => (await b.request<{ served: boolean }>({ op: 'served', prompt })).served);
    expect((await b.request<{ tools: string[] }>({ op: 'select', prompt })).tools[0]).toBe(tool);
  });

  test('eight processes learning 50 prompts each lose nothing, and each ends up serving all of them', async () => {
    const url = await server!.createDatabase();
    const learners = Array.from({ length: 8 }, () => start(url));
    await Promise.all(learners.map((worker) => worker.ready));
    await Promise.all(
      learners.map(async (worker, position) => {
        worker.send({ op: 'learn-loop', prefix: `process ${position}`, count: 50 });
        for (;;) if ((await worker.next()).done !== undefined) return;
      }),
    );
    const stored = await storedPrompts(url);
    expect(stored.size).toBe(400);
    for (let position = 0; position < 8; position++) {
      for (let prompt = 0; prompt < 50; prompt++)
        expect(stored.has(`process ${position} prompt ${prompt}`)).toBe(true);
    }
    for (const worker of learners) {
      await until(
        async () => (await worker.request<{ learned: unknown[] }>({ op: 'learned' })).learned.length === 400,
      );
    }
  });

  test('kill -9 during learns leaves nothing half-written and loses nothing committed', async () => {
    const url = await server!.createDatabase();
    const victim = start(url);
    await victim.ready;
    victim.send({ op: 'learn-loop', prefix: 'doomed', count: 10_000 });
    let reported = 0;
    while (reported < 25) reported = (await victim.next<{ learned: number }>()).learned;
    victim.process.kill('SIGKILL');
    await victim.exited;
    const stored = await storedPrompts(url);
    // Every learn it reported is kept, and at most the one in flight beyond: learns commit one by one, in order.
    expect(stored.size === reported || stored.size === reported + 1).toBe(true);
    for (let prompt = 0; prompt < stored.size; prompt++)
      expect(stored.has(`doomed prompt ${prompt}`)).toBe(true);
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      // Each learn bumped the revision once, with its prompt: no learn was kept in part.
      const [namespace] = await sql`select revision::int as revision from toolsift_namespaces`;
      expect(namespace?.revision).toBe(stored.size);
    } finally {
      await sql.end();
    }
    // Another process starts from what was kept, and learns on.
    const survivor = start(url);
    const { tools } = await survivor.ready;
    expect((await survivor.request<{ learned: unknown[] }>({ op: 'learned' })).learned).toHaveLength(
      stored.size,
    );
    await survivor.request({ op: 'learn', prompt: 'after the crash', tool: tools[0] });
    expect((await storedPrompts(url)).size).toBe(stored.size + 1);
  });
});

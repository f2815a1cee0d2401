// The built index kept in the PostgreSQL store (toolsift_index_snapshots and its parts): a process starts from it
// without building its vector and lexical indexes, brings it up to date with the catalog and the learned prompts,
// and builds again from the store's embeddings when it cannot be used.
import path from 'node:path';
import { loadCatalog, type Tool } from '@toolsift/core';
import { createHashEmbedder, createSelector, type Embedder, type Selector } from '@toolsift/selector';
import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';

const server = await startTestPostgres('the index snapshot of the PostgreSQL store');
const { tools } = await loadCatalog([path.resolve(import.meta.dirname, '../../metadata')]);
afterAll(() => server?.close());

const PROMPTS = [
  'is it going to rain in Oslo tomorrow',
  'refund the last payment of customer 4411',
  'open a pull request for my feature branch',
  'convert 250 euros to Japanese yen',
];

const opened: Selector[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((selector) => selector.close()));
});

/** The hash embedder, counting the texts it embeds. */
function countingEmbedder(): Embedder & { count: number } {
  const inner = createHashEmbedder();
  const counting = {
    id: inner.id,
    dimensions: inner.dimensions,
    count: 0,
    async embed(texts: readonly string[]) {
      counting.count += texts.length;
      return inner.embed(texts);
    },
  };
  return counting;
}

async function open(catalog: readonly Tool[], store: string | false) {
  const embedder = countingEmbedder();
  const selector = await createSelector({
    catalog,
    embedder,
    ...(store === false ? { indexDir: false as const } : { store }),
  });
  opened.push(selector);
  return { selector, embedder };
}

/** Run `statement` on the database at `url`. */
async function query<T>(url: string, statement: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    return await statement(sql);
  } finally {
    await sql.end();
  }
}

/** The snapshot's generation, and the generations its parts belong to. */
function snapshotState(url: string): Promise<{ generation: string | undefined; parts: string[] }> {
  return query(url, async (sql) => {
    const [row] = await sql`select generation from toolsift_index_snapshots`;
    const parts = await sql`select distinct generation from toolsift_index_parts order by generation`;
    return { generation: row?.generation as string | undefined, parts: parts.map((part) => part.generation) };
  });
}

/** Each prompt's ranked tools with their scores. */
async function rankings(selector: Selector): Promise<Array<Array<[string, number]>>> {
  return Promise.all(
    PROMPTS.map(async (prompt) =>
      (await selector.select(prompt)).tools.map((tool): [string, number] => [tool.id, tool.score]),
    ),
  );
}

describe.skipIf(server === undefined)('the index snapshot of the PostgreSQL store', () => {
  test('a process starts from the index another built: nothing embedded, the selections of an index built here', async () => {
    const url = await server!.createDatabase();
    const first = await open(tools, url);
    expect(first.selector.index.status).toBe('built');
    const saved = await snapshotState(url);
    expect(saved.parts).toEqual([saved.generation]);
    // Without the embeddings, only the snapshot can give the next process its vectors.
    await query(url, (sql) => sql`delete from toolsift_embeddings`);
    const next = await open(tools, url);
    expect(next.embedder.count).toBe(0);
    expect(next.selector.index).toMatchObject({ status: 'loaded', embedded: 0, warnings: [] });
    expect(await snapshotState(url)).toEqual(saved);
    const { selector: inMemory } = await open(tools, false);
    expect(await rankings(next.selector)).toEqual(await rankings(inMemory));
  });

  test('a changed tool: only its texts are embedded, and the snapshot is replaced by one of the new catalog', async () => {
    const url = await server!.createDatabase();
    await open(tools, url);
    const before = await snapshotState(url);
    const changed = tools.map((tool, position) =>
      position === 0 ? { ...tool, description: `${tool.description} Also reads the tides of Bergen.` } : tool,
    );
    const next = await open(changed, url);
    expect(next.selector.index.status).toBe('updated');
    expect(next.embedder.count).toBeGreaterThan(0);
    expect(next.embedder.count).toBeLessThanOrEqual(next.selector.views(changed[0]!.id).length);
    const after = await snapshotState(url);
    expect(after.generation).not.toBe(before.generation);
    // The replaced generation's parts are gone.
    expect(after.parts).toEqual([after.generation]);
    await query(url, (sql) => sql`delete from toolsift_embeddings`);
    const third = await open(changed, url);
    expect(third.embedder.count).toBe(0);
    expect(third.selector.index.status).toBe('loaded');
    const { selector: inMemory } = await open(changed, false);
    expect(await rankings(third.selector)).toEqual(await rankings(inMemory));
  });

  test('prompts learned after the snapshot was saved are served by a process that starts from it', async () => {
    const url = await server!.createDatabase();
    const { selector: learner } = await open(tools, url);
    const tool = tools[5]!.id;
    const prompt = 'wombat logistics for the quarterly burrow audit';
    await learner.learn([{ prompt, tool }]);
    const next = await open(tools, url);
    expect(next.embedder.count).toBe(0);
    expect(next.selector.learned()).toEqual([{ prompt, tool, source: 'labelled' }]);
    expect((await next.selector.select(prompt)).tools[0]?.id).toBe(tool);
  });

  test('a damaged snapshot: the index is built again from the store, without embedding, and a sound one saved', async () => {
    const url = await server!.createDatabase();
    await open(tools, url);
    const before = await snapshotState(url);
    await query(
      url,
      (sql) =>
        sql`update toolsift_index_parts set bytes = overlay(bytes placing '\xdeadbeef'::bytea from 200)`,
    );
    const next = await open(tools, url);
    expect(next.embedder.count).toBe(0);
    expect(next.selector.index).toMatchObject({ status: 'loaded', warnings: [] });
    const { selector: inMemory } = await open(tools, false);
    expect(await rankings(next.selector)).toEqual(await rankings(inMemory));
    const after = await snapshotState(url);
    expect(after.generation).not.toBe(before.generation);
    await query(url, (sql) => sql`delete from toolsift_embeddings`);
    expect((await open(tools, url)).embedder.count).toBe(0);
  });
});

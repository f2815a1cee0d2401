import path from 'node:path';
import { inspect } from 'node:util';
import { createCodeSelector } from '@toolsift/frameworks/ai-sdk';
import { createHashEmbedder, createSelector, type Embedder, type Selector } from '@toolsift/selector';
import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';

const server = await startTestPostgres('the PostgreSQL store');
const catalog = path.resolve(import.meta.dirname, '../../metadata');

afterAll(() => server?.close());

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

const opened: Selector[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((selector) => selector.close()));
});

async function open(store: string | { url: string; namespace: string }, embedder = countingEmbedder()) {
  const selector = await createSelector({ catalog, embedder, store });
  opened.push(selector);
  return { selector, embedder };
}

describe.skipIf(server === undefined)('the PostgreSQL store', () => {
  test('a second process starts from the store without embedding anything', async () => {
    const url = await server!.createDatabase();
    const first = await open(url);
    expect(first.embedder.count).toBeGreaterThan(0);
    expect(first.selector.index).toMatchObject({ status: 'built', reused: 0 });
    const second = await open(url);
    expect(second.embedder.count).toBe(0);
    expect(second.selector.index).toMatchObject({ status: 'loaded', embedded: 0 });
    // Every view's vector came from the store (the first also embedded the rules' texts).
    expect(second.selector.index.reused).toBeGreaterThan(0);
    expect(second.selector.index.reused).toBeLessThanOrEqual(first.selector.index.embedded);
    const prompt = 'is it going to rain in Oslo tomorrow';
    const [one, two] = await Promise.all([first.selector.select(prompt), second.selector.select(prompt)]);
    expect(two.tools.map((tool) => [tool.id, tool.score])).toEqual(
      one.tools.map((tool) => [tool.id, tool.score]),
    );
  });

  test('a learn is a transaction of the store: another selector serves it, a new one loads it', async () => {
    const url = await server!.createDatabase();
    const { selector: learner } = await open(url);
    const { selector: other } = await open(url);
    const tool = learner.tools[0]!.id;
    const report = await learner.learn([{ prompt: 'the quokka question', tool }]);
    expect(report).toMatchObject({ changed: 1, tools: [tool] });
    // Served: its learned view is in the other selector's index.
    await until(() => other.views(tool).some((view) => view.kind === 'learned'));
    expect(other.learned()).toEqual([{ prompt: 'the quokka question', tool, source: 'labelled' }]);
    const { selector: fresh, embedder } = await open(url);
    expect(fresh.learned()).toEqual([{ prompt: 'the quokka question', tool, source: 'labelled' }]);
    expect(embedder.count).toBe(0);
    await fresh.forget([{ tool }]);
    await until(() => learner.learned().length === 0 && other.learned().length === 0);
  });

  test('namespaces keep their learned prompts apart and share the embeddings', async () => {
    const url = await server!.createDatabase();
    const { selector: a } = await open({ url, namespace: 'team-a' });
    const tool = a.tools[0]!.id;
    await a.learn([{ prompt: 'only for team a', tool }]);
    const { selector: b, embedder } = await open({ url, namespace: 'team-b' });
    expect(b.learned()).toEqual([]);
    // The learned prompt's view is not in team b's index; every other text was embedded for team a.
    expect(embedder.count).toBe(0);
  });

  test('migrations: a new database gets the schema, a reopen applies nothing, a newer schema is refused', async () => {
    const url = await server!.createDatabase();
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      await Promise.all([open(url), open(url), open(url)]);
      // Every migration once, in order: 1, 2, ...
      const versions = (await sql`select version from toolsift_schema order by version`).map(
        (row) => row.version,
      );
      expect(versions).toEqual(versions.map((_, position) => position + 1));
      await open(url);
      expect(await sql`select count(*)::int as count from toolsift_schema`).toEqual([
        { count: versions.length },
      ]);
      await sql`insert into toolsift_schema (version) values (99)`;
      const refused = await createSelector({ catalog, embedder: createHashEmbedder(), store: url }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(refused).toMatchObject({ code: 'STORE_SCHEMA_TOO_NEW' });
      expect(
        masked(refused!.message, url).replace(`version ${versions.length}`, 'version N'),
      ).toMatchInlineSnapshot(
        `"the store postgres://postgres:***@127.0.0.1:PORT/DB has schema version 99, made by a newer toolsift; this one knows version N and does not write over it: upgrade toolsift"`,
      );
    } finally {
      await sql.end();
    }
  });

  test.each([
    [
      'wrong password',
      (url: string) => url.replace(server!.password, 'not-the-password'),
      'STORE_AUTH_FAILED',
    ],
    ['no server at the port', (url: string) => url.replace(`:${server!.port}/`, ':1/'), 'STORE_UNREACHABLE'],
    ['no such database', (url: string) => url.replace(/\/[^/]+$/, '/nowhere'), 'STORE_UNREACHABLE'],
    ['not a PostgreSQL URL', (url: string) => url.replace('postgres://', 'mysql://'), 'STORE_URL_INVALID'],
    [
      'a URL that does not parse',
      (url: string) => url.replace('@127.0.0.1', '@[127.0.0.1'),
      'STORE_URL_INVALID',
    ],
  ])('%s: a clear error, the password never printed', async (_, spoil, code) => {
    const url = spoil(await server!.createDatabase());
    const failure = await createSelector({ catalog, embedder: createHashEmbedder(), store: url }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code });
    // Nowhere: not in the message, the details, the cause, or what printing the error shows.
    for (const secret of [server!.password, 'not-the-password']) {
      expect(inspect(failure, { depth: 8 })).not.toContain(secret);
      expect(JSON.stringify((failure as { details?: unknown }).details)).not.toContain(secret);
    }
    expect(masked((failure as Error).message, url)).toMatch(
      /postgres(ql)?:\/\/postgres:\*\*\*@|mysql:\/\/postgres:\*\*\*@/,
    );
  });

  test('learned prompts of tools the catalog lacks are kept, unused, for when the tool comes back', async () => {
    const url = await server!.createDatabase();
    const { selector: full } = await open(url);
    const [gone, kept] = full.tools;
    await full.learn([
      { prompt: 'a prompt for the tool that goes', tool: gone!.id },
      { prompt: 'a prompt for the tool that stays', tool: kept!.id },
    ]);
    const fewer = await createSelector({
      catalog: full.tools.filter((tool) => tool.id !== gone!.id),
      embedder: countingEmbedder(),
      store: url,
    });
    opened.push(fewer);
    expect(
      fewer
        .learned()
        .map((entry) => entry.tool)
        .sort(),
    ).toEqual([gone!.id, kept!.id].sort());
    expect(fewer.views(kept!.id).filter((view) => view.kind === 'learned')).toHaveLength(1);
    await fewer.learn([{ prompt: 'another for the tool that stays', tool: kept!.id }]);
    const { selector: back } = await open(url);
    expect(back.learned()).toHaveLength(3);
    expect(back.views(gone!.id).filter((view) => view.kind === 'learned')).toHaveLength(1);
  });

  test('the framework drop-ins take the store, with no index folder of their own', async () => {
    const url = await server!.createDatabase();
    const definitions = [
      { name: 'get_weather', description: 'Current weather for a city', inputSchema: { type: 'object' } },
      { name: 'send_email', description: 'Send an email to someone', inputSchema: { type: 'object' } },
    ];
    const selector = await createCodeSelector({
      tools: definitions,
      embedder: createHashEmbedder(),
      store: url,
    });
    opened.push(selector);
    expect(selector.index.dir).toMatch(/^postgres:\/\/postgres:\*\*\*@.* \(namespace default\)$/);
    await expect(
      createCodeSelector({ tools: definitions, embedder: createHashEmbedder(), store: url, indexDir: false }),
    ).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });

  test('a store and an index folder together are a USAGE_ERROR', async () => {
    const url = await server!.createDatabase();
    await expect(
      createSelector({ catalog, embedder: createHashEmbedder(), store: url, indexDir: '/tmp/nowhere' }),
    ).rejects.toMatchObject({ code: 'USAGE_ERROR' });
  });
});

// --- helpers ---

/** A message with the test server's port and database name replaced, for snapshots. */
function masked(message: string, url: string): string {
  const database = url.slice(url.lastIndexOf('/') + 1);
  return message.replaceAll(String(server!.port), 'PORT').replaceAll(database, 'DB');
}

/** Wait until `check` holds (a generous guard against a hang, not a timing assertion). */
async function until(check: () => boolean, guardMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > guardMs) throw new Error(`not true after ${guardMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A serverless-style deployment on the PostgreSQL store: every request is a fresh process that opens a selector on
// the same store, answers one prompt and closes (test/store/serverless-request.ts). However many processes, and
// whether they run one after another or at once, the catalog is embedded once in total, and each answer is the
// one a selector on an index folder gives.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEmbedder, createSelector, type Embedder, type Selector } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';

const server = await startTestPostgres('serverless-style processes on one PostgreSQL store');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const catalog = path.join(repoRoot, 'metadata');

const PROMPTS = [
  'is it going to rain in Oslo tomorrow',
  'send a text message to my landlord that the rent is paid',
  'refund the last payment of customer 4411',
  'open a pull request for my feature branch',
  'find a free hour in my calendar on Thursday',
  'convert 250 euros to Japanese yen',
  'what does the schema of the orders table look like',
  'post the release notes in the team channel',
];

/** What one request process printed. */
interface Request {
  embeddedAtLoad: number;
  embeddedForPrompt: number;
  index: { status: string; embedded: number; reused: number };
  warnings: string[];
  tools: Array<{ id: string; score: number }>;
}

let folderDir: string;
let folder: Selector;
/** The distinct texts the catalog's index embeds: its views' texts and its rules' texts. */
let distinctTexts: number;

beforeAll(async () => {
  if (server === undefined) return;
  folderDir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-serverless-'));
  // Every text the index embeds as it is built (its views' texts and its rules' texts), as the model is asked.
  const model = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  const texts = new Set<string>();
  const recording: Embedder = {
    id: model.id,
    dimensions: model.dimensions,
    embed: (batch) => {
      for (const text of batch) texts.add(text);
      return model.embed(batch);
    },
  };
  folder = await createSelector({ catalog, embedder: recording, indexDir: folderDir });
  distinctTexts = texts.size;
});

afterAll(async () => {
  server?.close();
  if (folderDir !== undefined) await rm(folderDir, { recursive: true, force: true });
});

describe.skipIf(server === undefined)('serverless-style processes on one PostgreSQL store', () => {
  test('five requests one after another, then three at once: the catalog is embedded once in total', async () => {
    const url = await server!.createDatabase();
    const requests: Request[] = [];
    for (const prompt of PROMPTS.slice(0, 5)) requests.push(await request(url, prompt));
    requests.push(...(await Promise.all(PROMPTS.slice(5).map((prompt) => request(url, prompt)))));

    expect(requests.map((done) => done.index.status)).toEqual([
      'built',
      ...Array.from({ length: 7 }, () => 'loaded'),
    ]);
    // What the model embedded while the selectors opened, summed over the eight processes: every distinct text
    // once, all by the first; and what each selector says it embedded agrees.
    const atLoad = requests.map((done) => done.embeddedAtLoad);
    expect(atLoad.reduce((sum, count) => sum + count, 0)).toBe(distinctTexts);
    expect(atLoad.slice(1)).toEqual(Array.from({ length: 7 }, () => 0));
    expect(requests.map((done) => done.index.embedded)).toEqual(atLoad);
    expect(await storedEmbeddings(url)).toBe(distinctTexts);
    // Only the prompt itself is embedded for a request.
    for (const done of requests) expect(done.embeddedForPrompt).toBeGreaterThan(0);
    for (const done of requests) expect(done.warnings).toEqual([]);
    for (const [position, done] of requests.entries()) {
      await expectSameAsFolder(PROMPTS[position]!, done);
    }
  }, 300_000);

  test('three first requests at once on an empty store: the catalog is still embedded once in total', async () => {
    const url = await server!.createDatabase();
    const requests = await Promise.all(PROMPTS.slice(0, 3).map((prompt) => request(url, prompt)));
    const atLoad = requests.map((done) => done.embeddedAtLoad);
    expect(atLoad.reduce((sum, count) => sum + count, 0)).toBe(distinctTexts);
    expect(await storedEmbeddings(url)).toBe(distinctTexts);
    for (const [position, done] of requests.entries()) {
      await expectSameAsFolder(PROMPTS[position]!, done);
    }
  }, 300_000);

  test('a request that sits idle before it closes still closes, and runs on after close()', async () => {
    const url = await server!.createDatabase();
    await request(url, PROMPTS[0]!);
    // Longer than the store's idle connections live (2 s): only the listening one, which keeps nothing alive, is left.
    const done = await request(url, PROMPTS[1]!, { SERVERLESS_IDLE_MS: '3000' });
    expect(done.index.status).toBe('loaded');
    await expectSameAsFolder(PROMPTS[1]!, done);
  }, 300_000);
});

// --- internal ---

/** Run one request process on the store at `url` and read what it printed. */
function request(url: string, prompt: string, env: Record<string, string> = {}): Promise<Request> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx/esm',
        '--conditions=@toolsift/source',
        path.join(repoRoot, 'test/store/serverless-request.ts'),
        prompt,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, TOOLSIFT_STORE: url, TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as Request);
      else reject(new Error(`request "${prompt}" exited with ${code}:\n${errors}`));
    });
  });
}

/** The embeddings the store keeps. */
async function storedEmbeddings(url: string): Promise<number> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    const [row] = await sql`select count(*)::int as count from toolsift_embeddings`;
    return row?.count as number;
  } finally {
    await sql.end();
  }
}

async function expectSameAsFolder(prompt: string, done: Request): Promise<void> {
  const selection = await folder.select(prompt);
  expect({ prompt, tools: done.tools }).toEqual({
    prompt,
    tools: selection.tools.map((tool) => ({ id: tool.id, score: tool.score })),
  });
}

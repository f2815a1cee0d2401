import { mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedding/hash-embedder.js';
import { INDEX_LOCK, withIndexLock } from '../../src/index-store/index-lock.js';
import { INDEX_MANIFEST, type IndexManifest } from '../../src/index-store/index-manifest.js';
import { LEARNED_FILE } from '../../src/index-store/learned-prompts-file.js';
import { openToolIndex } from '../../src/index-store/open-tool-index.js';
import { DEFAULT_MAX_LEARNED_PER_TOOL } from '../../src/learning/learned-bound.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { makeDirectory } from '../../src/shared/atomic-file.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-learned-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const manifest = async (): Promise<IndexManifest> =>
  JSON.parse(await readFile(path.join(dir, INDEX_MANIFEST), 'utf8'));

const open4 = (embedder = countingEmbedder()) =>
  createSelector({ catalog: sampleTools(), embedder, indexDir: dir });

async function flipViews(): Promise<void> {
  const handle = await open(path.join(dir, (await manifest()).files.views.file), 'r+');
  try {
    const bytes = Buffer.alloc(4);
    await handle.read(bytes, 0, 4, 40);
    for (let position = 0; position < 4; position++) bytes[position] = bytes[position]! ^ 0xff;
    await handle.write(bytes, 0, 4, 40);
  } finally {
    await handle.close();
  }
}

describe('learned prompts', () => {
  it('survive a damaged view table: the rebuild keeps them and says so', async () => {
    await (await open4()).learn([{ prompt: 'do I need an umbrella', tool: 'get_weather' }]);
    await flipViews();
    const reopened = await open4();
    expect(reopened.index.status).toBe('built');
    expect(reopened.index.warnings).toEqual([
      expect.objectContaining({
        code: 'INDEX_REBUILT',
        message: expect.stringMatching(
          /^rebuilt the index: .*checksum; its 1 learned prompt\(s\) were kept$/,
        ),
        count: 1,
      }),
    ]);
    expect(reopened.learned()).toEqual([
      { prompt: 'do I need an umbrella', tool: 'get_weather', source: 'labelled' },
    ]);
    expect(reopened.views('get_weather').some((view) => view.kind === 'learned')).toBe(true);
  });

  it('survive a rebuild for another embedder in the same folder, with their source', async () => {
    await (await open4(countingEmbedder(64))).learn([{ prompt: 'is it raining', tool: 'get_weather' }], {
      source: 'call',
    });
    const other = await open4(countingEmbedder(32));
    expect(other.index.warnings[0]).toMatchObject({
      code: 'INDEX_REBUILT',
      message: expect.stringMatching(/rebuilt the index: .*embedder/),
    });
    expect(other.learned()).toEqual([{ prompt: 'is it raining', tool: 'get_weather', source: 'call' }]);
  });

  it('in a damaged file of their own: none is used until it is repaired, with a coded warning', async () => {
    await (await open4()).learn([{ prompt: 'is it raining', tool: 'get_weather' }]);
    await writeFile(path.join(dir, LEARNED_FILE), '{ not json');
    const reopened = await open4();
    expect(reopened.index.warnings).toEqual([
      {
        code: 'LEARNED_PROMPTS_UNREADABLE',
        message: `${LEARNED_FILE} is not valid JSON (in ${dir}); no learned prompt is used until it is repaired, and the next learn moves it aside`,
        dir,
        reason: `${LEARNED_FILE} is not valid JSON`,
        file: path.join(dir, LEARNED_FILE),
      },
    ]);
    expect(reopened.learned()).toEqual([]);
    expect(reopened.views('get_weather').some((view) => view.kind === 'learned')).toBe(false);
    expect(await readFile(path.join(dir, LEARNED_FILE), 'utf8')).toBe('{ not json');
  });

  it('in a file of another format version: not read, and the next learn moves it aside', async () => {
    const old = { format: 'toolsift-learned', version: 1, learned: { get_weather: ['is it raining'] } };
    await makeDirectory(dir);
    await writeFile(path.join(dir, LEARNED_FILE), JSON.stringify(old));
    const reopened = await open4();
    expect(reopened.index.warnings).toEqual([
      expect.objectContaining({
        code: 'LEARNED_PROMPTS_UNREADABLE',
        reason: `${LEARNED_FILE} has format version 1, expected 2`,
      }),
    ]);
    expect(reopened.learned()).toEqual([]);
    await reopened.learn([{ prompt: 'will it snow', tool: 'get_weather' }]);
    expect(JSON.parse(await readFile(path.join(dir, LEARNED_FILE), 'utf8'))).toEqual({
      format: 'toolsift-learned',
      version: 2,
      learned: { get_weather: [{ prompt: 'will it snow', source: 'labelled' }] },
    });
    const [aside] = (await readdir(dir)).filter((name) => name.startsWith(`${LEARNED_FILE}.damaged-`));
    expect(JSON.parse(await readFile(path.join(dir, aside!), 'utf8'))).toEqual(old);
    expect((await open4()).index.warnings).toEqual([]);
  });

  it('live in their file only: deleted, the index drops its learned views too', async () => {
    await (await open4()).learn([{ prompt: 'is it raining', tool: 'get_weather' }]);
    await rm(path.join(dir, LEARNED_FILE));
    const reopened = await open4();
    expect(reopened.index.status).toBe('updated');
    expect(reopened.learned()).toEqual([]);
    expect(reopened.views('get_weather').some((view) => view.kind === 'learned')).toBe(false);
    expect((await open4()).index.status).toBe('loaded');
  });

  it('with one wrongly typed item: every other item is used, the bad one reported by file, pointer and code', async () => {
    const file = path.join(dir, LEARNED_FILE);
    await writeFile(
      file,
      JSON.stringify({
        format: 'toolsift-learned',
        version: 2,
        learned: {
          get_weather: [
            { prompt: 'is it raining', source: 'labelled' },
            { prompt: 'will it snow', source: 3 },
            { prompt: 'how windy is it', source: 'call' },
          ],
          send_email: [{ prompt: 'mail Bob', source: 'labelled' }],
          stock_quote: 'price of ACME',
        },
      }),
    );
    const reopened = await open4();
    expect(reopened.learned()).toEqual([
      { prompt: 'is it raining', tool: 'get_weather', source: 'labelled' },
      { prompt: 'how windy is it', tool: 'get_weather', source: 'call' },
      { prompt: 'mail Bob', tool: 'send_email', source: 'labelled' },
    ]);
    expect(reopened.index.warnings).toEqual([
      {
        code: 'LEARNED_PROMPT_INVALID',
        message: `${file}: /learned/get_weather/1/source: expected "labelled" or "call", got 3; the item is left out (the others are used), and the next learn moves the file aside`,
        dir,
        file,
        pointer: '/learned/get_weather/1/source',
        count: 2,
      },
      expect.objectContaining({
        code: 'LEARNED_PROMPT_INVALID',
        pointer: '/learned/stock_quote',
        message: expect.stringContaining('expected an array of prompts, got "price of ACME"'),
      }),
    ]);
  });

  it('in a file with a bad item: the next learn moves the file aside, then writes every valid prompt and the new one', async () => {
    const bad = {
      format: 'toolsift-learned',
      version: 2,
      learned: {
        get_weather: [
          { prompt: 'is it raining', source: 'labelled' },
          { prompt: 'will it snow', source: 'typo' },
        ],
      },
    };
    await writeFile(path.join(dir, LEARNED_FILE), JSON.stringify(bad));
    const report = await (await open4()).learn([{ prompt: 'mail Bob', tool: 'send_email' }]);
    const aside = (await readdir(dir)).filter((name) => name.startsWith(`${LEARNED_FILE}.damaged-`));
    expect(aside).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(dir, aside[0]!), 'utf8'))).toEqual(bad);
    expect(report.warnings).toEqual([
      {
        code: 'LEARNED_FILE_MOVED_ASIDE',
        message: `${LEARNED_FILE} in ${dir} held what could not be read: moved to ${aside[0]}, and a new one written with the prompts that could`,
        file: path.join(dir, aside[0]!),
      },
    ]);
    const reopened = await open4();
    expect(reopened.index.warnings).toEqual([]);
    expect(reopened.learned().map((entry) => entry.prompt)).toEqual(['is it raining', 'mail Bob']);
  });

  it('truncated, with the index deleted: a learn moves the file aside instead of replacing its prompts', async () => {
    await (await open4()).learn(
      ['is it raining', 'will it snow', 'how windy is it'].map((prompt) => ({ prompt, tool: 'get_weather' })),
    );
    const text = await readFile(path.join(dir, LEARNED_FILE), 'utf8');
    await rm(dir, { recursive: true });
    await makeDirectory(dir);
    await writeFile(path.join(dir, LEARNED_FILE), text.slice(0, text.length - 20));
    const selector = await open4();
    expect(selector.index.warnings).toEqual([
      expect.objectContaining({
        code: 'LEARNED_PROMPTS_UNREADABLE',
        reason: `${LEARNED_FILE} is not valid JSON`,
      }),
    ]);
    const report = await selector.learn([{ prompt: 'mail Bob', tool: 'send_email' }]);
    expect(report.warnings).toEqual([expect.objectContaining({ code: 'LEARNED_FILE_MOVED_ASIDE' })]);
    const [aside] = (await readdir(dir)).filter((name) => name.startsWith(`${LEARNED_FILE}.damaged-`));
    expect(await readFile(path.join(dir, aside!), 'utf8')).toBe(text.slice(0, text.length - 20));
  });

  it('of one tool far past the bound on call-learned prompts: only the newest are loaded and embedded', async () => {
    const learned = Array.from({ length: 5_000 }, (_, item) => ({
      prompt: `weather ${item}`,
      source: 'call',
    }));
    await writeFile(
      path.join(dir, LEARNED_FILE),
      JSON.stringify({
        format: 'toolsift-learned',
        version: 2,
        learned: { get_weather: [{ prompt: 'is it raining', source: 'labelled' }, ...learned] },
      }),
    );
    const embedder = countingEmbedder();
    const selector = await open4(embedder);
    expect(embedder.embeddedTexts.filter((text) => text.startsWith('weather '))).toHaveLength(
      DEFAULT_MAX_LEARNED_PER_TOOL,
    );
    const prompts = selector.learned().map((entry) => entry.prompt);
    expect(prompts).toHaveLength(DEFAULT_MAX_LEARNED_PER_TOOL + 1);
    expect(prompts.slice(0, 2)).toEqual(['is it raining', `weather ${5_000 - DEFAULT_MAX_LEARNED_PER_TOOL}`]);
    expect(selector.index.warnings).toEqual([
      expect.objectContaining({
        code: 'LEARNED_PROMPTS_OVER_BOUND',
        count: 5_000 - DEFAULT_MAX_LEARNED_PER_TOOL,
        message: expect.stringContaining(`beyond the bound of ${DEFAULT_MAX_LEARNED_PER_TOOL} per tool`),
      }),
    ]);
  });

  it('of calls learned past the default bound with a bound of their own are loaded whole', async () => {
    const count = DEFAULT_MAX_LEARNED_PER_TOOL + 20;
    const examples = Array.from({ length: count }, (_, item) => ({
      prompt: `weather ${item}`,
      tool: 'get_weather',
    }));
    await (await open4()).learn(examples, { source: 'call', maxPerTool: count });
    const reopened = await open4();
    expect(reopened.learned()).toHaveLength(count);
    expect(reopened.index.warnings).toEqual([]);
  });

  it('learned by selectors opened at the same time are all kept, and each sees the others (20 trials)', async () => {
    for (let trial = 0; trial < 20; trial++) {
      await rm(dir, { recursive: true, force: true });
      const selectors = await Promise.all([open4(), open4(), open4(), open4()]);
      const reports = await Promise.all(
        selectors.map((selector, writer) =>
          selector.learn(
            Array.from({ length: 5 }, (_, item) => ({
              prompt: `weather ${writer}-${item}`,
              tool: 'get_weather',
            })),
          ),
        ),
      );
      expect(reports.map((report) => report.changed)).toEqual([5, 5, 5, 5]);
      expect((await open4()).learned()).toHaveLength(20);
      // The last writer took in the prompts the others had learned before it.
      expect(Math.max(...selectors.map((selector) => selector.learned().length))).toBe(20);
    }
  });

  it('kept in memory only (isSaved: false) leave the folder unchanged', async () => {
    const selector = await open4();
    const before = await readFile(path.join(dir, INDEX_MANIFEST));
    await selector.learn([{ prompt: 'is it raining', tool: 'get_weather' }], { isSaved: false });
    expect(selector.learned()).toHaveLength(1);
    expect(await readFile(path.join(dir, INDEX_MANIFEST))).toEqual(before);
    expect((await open4()).learned()).toEqual([]);
  });

  it('the files of the manifest a reader has just read stay until the save after next', async () => {
    const selector = await open4();
    const old = await manifest();
    await selector.learn([{ prompt: 'is it raining', tool: 'get_weather' }]);
    for (const entry of [old.files.views, old.files.lexical, old.files.ruleVectors, old.files.names])
      expect((await stat(path.join(dir, entry.file))).size).toBe(entry.bytes);
    expect((await stat(path.join(dir, old.files.vectorIndex))).isDirectory()).toBe(true);
  });
});

describe('the index lock', () => {
  it('breaks the lock of a process that is gone', async () => {
    await writeFile(
      path.join(dir, INDEX_LOCK),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), token: 'dead', time: Date.now() }),
    );
    expect(await withIndexLock(dir, async () => 'held', { waitMs: 1000 })).toBe('held');
    await expect(stat(path.join(dir, INDEX_LOCK))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('waits for a live holder, then gives up with INDEX_LOCKED', async () => {
    await writeFile(
      path.join(dir, INDEX_LOCK),
      JSON.stringify({ pid: process.pid, host: os.hostname(), token: 'live', time: Date.now() }),
    );
    await expect(withIndexLock(dir, async () => 'held', { waitMs: 200 })).rejects.toMatchObject({
      code: 'INDEX_LOCKED',
      message: expect.stringContaining(`locked by process ${process.pid}`),
    });
  });

  it('lets one holder in at a time', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withIndexLock(dir, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});

describe('an index folder that cannot be made', () => {
  it('is an error at once (Node’s recursive mkdir spins forever on /proc/nope)', async () => {
    await expect(makeDirectory('/proc/nope/index')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves the index in memory, with a warning, and status memory', async () => {
    const opened = await openToolIndex({
      tools: sampleTools(),
      embedder: createHashEmbedder({ dimensions: 32 }),
      dir: '/proc/nope/index',
    });
    expect(opened.status).toBe('memory');
    expect(opened.warnings).toEqual([
      {
        code: 'INDEX_NOT_SAVED',
        message: expect.stringMatching(/^could not save the index in \/proc\/nope\/index: ENOENT/),
        dir: '/proc/nope/index',
        reason: expect.stringMatching(/^ENOENT/),
      },
    ]);
  }, 10_000);
});

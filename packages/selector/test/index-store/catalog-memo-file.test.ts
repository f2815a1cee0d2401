import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { LoadedFile } from '@toolsift/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_MEMO_FILE, openCatalogMemo } from '../../src/index-store/catalog-memo-file.js';
import { createSelector } from '../../src/selector/create-selector.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-memo-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const loaded = (description: string): LoadedFile => ({
  tools: [],
  diagnostics: [{ code: 'MISSING_DESCRIPTION', severity: 'warning', file: 'x.json', message: description }],
  isSkipped: false,
});
const memoFile = () => path.join(dir, CATALOG_MEMO_FILE);

/** Rewrite the memo file's body and give it a matching header, as a writer with other data would. */
async function rewriteBody(change: (body: string) => string, file = memoFile()): Promise<void> {
  const text = await readFile(file, 'utf8');
  const newline = text.indexOf('\n');
  const [magic, version] = text.slice(0, newline).split(' ');
  const body = Buffer.from(change(text.slice(newline + 1)));
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`${magic} ${version} ${body.length} ${crc32(body)}\n`), body]),
  );
}

describe('openCatalogMemo', () => {
  it('gives back what a save kept, as fresh objects, and writes nothing when a load used the same entries', async () => {
    const first = await openCatalogMemo(undefined);
    first.memo.set(KEY_A, loaded('one'));
    await first.save(dir);
    const { ino } = await stat(memoFile());

    const second = await openCatalogMemo(dir);
    const got = second.memo.get(KEY_A);
    expect(got).toEqual(loaded('one'));
    expect(second.memo.get(KEY_A)).not.toBe(got);
    expect(second.memo.get(KEY_B)).toBeUndefined();
    await second.save(dir);
    expect((await stat(memoFile())).ino).toBe(ino);
  });

  it('keeps only the entries the last load used', async () => {
    const first = await openCatalogMemo(dir);
    first.memo.set(KEY_A, loaded('one'));
    first.memo.set(KEY_B, loaded('two'));
    await first.save(dir);
    const second = await openCatalogMemo(dir);
    expect(second.memo.get(KEY_B)).toEqual(loaded('two'));
    await second.save(dir);
    const third = await openCatalogMemo(dir);
    expect(third.memo.get(KEY_A)).toBeUndefined();
    expect(third.memo.get(KEY_B)).toEqual(loaded('two'));
  });

  it.each([
    [
      'a flipped byte',
      (bytes: Buffer) => Buffer.from(bytes.toString('latin1').replace('one', 'onf'), 'latin1'),
    ],
    ['a truncated file', (bytes: Buffer) => bytes.subarray(0, bytes.length - 5)],
    [
      'another version',
      (bytes: Buffer) => Buffer.from(bytes.toString('latin1').replace(' 1 ', ' 2 '), 'latin1'),
    ],
    ['no header', () => Buffer.from(`${KEY_A} {}\n`)],
    ['an empty file', () => Buffer.alloc(0)],
  ])('treats %s as an empty memo, and replaces it on save', async (_, damage) => {
    const first = await openCatalogMemo(dir);
    first.memo.set(KEY_A, loaded('one'));
    await first.save(dir);
    await writeFile(memoFile(), damage(await readFile(memoFile())));

    const damaged = await openCatalogMemo(dir);
    expect(damaged.memo.get(KEY_A)).toBeUndefined();
    damaged.memo.set(KEY_A, loaded('one'));
    await damaged.save(dir);
    expect((await openCatalogMemo(dir)).memo.get(KEY_A)).toEqual(loaded('one'));
  });

  it('skips an entry that is not JSON, and a save where the folder cannot be made', async () => {
    const first = await openCatalogMemo(dir);
    first.memo.set(KEY_A, loaded('one'));
    await first.save(dir);
    await rewriteBody((body) => body.replace('{', '{{'));
    expect((await openCatalogMemo(dir)).memo.get(KEY_A)).toBeUndefined();

    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const memo = await openCatalogMemo(undefined);
    memo.memo.set(KEY_A, loaded('one'));
    await expect(memo.save(path.join(blocked, 'index'))).resolves.toBeUndefined();
  });
});

describe('createSelector with a catalog memo', () => {
  const tool = (name: string, description: string) => ({ type: 'function', function: { name, description } });
  const writeCatalog = (file: string, descriptions: Record<string, string>) =>
    writeFile(
      file,
      Object.entries(descriptions)
        .map(([name, text]) => JSON.stringify(tool(name, text)))
        .join('\n'),
    );

  it('reads unchanged catalog files from the memo in the default index folder, and changed ones afresh', async () => {
    const catalog = path.join(dir, 'tools.jsonl');
    await writeCatalog(catalog, { get_weather: 'Get the weather.', send_mail: 'Send an email.' });
    const first = await createSelector({ catalog, embedder: 'hash', cwd: dir, env: {} });
    const indexDir = first.index.dir ?? '';
    expect(path.dirname(indexDir)).toBe(path.join(dir, '.toolsift'));
    expect(existsSync(path.join(indexDir, CATALOG_MEMO_FILE))).toBe(true);

    // What the memo holds is what the next load uses: an entry rewritten (with a valid checksum) shows through.
    await rewriteBody(
      (body) => body.replace('Get the weather.', 'Get the weather, from the memo.'),
      path.join(indexDir, CATALOG_MEMO_FILE),
    );
    const second = await createSelector({ catalog, embedder: 'hash', cwd: dir, env: {} });
    expect(second.index.dir).toBe(indexDir);
    expect(second.tool('get_weather')?.description).toBe('Get the weather, from the memo.');
    expect(second.tools.map((entry) => entry.id).sort()).toEqual(['get_weather', 'send_mail']);

    await writeCatalog(catalog, { get_weather: 'Get the forecast.', send_mail: 'Send an email.' });
    const third = await createSelector({ catalog, embedder: 'hash', cwd: dir, env: {} });
    expect(third.tool('get_weather')?.description).toBe('Get the forecast.');
    expect(third.index.status).toBe('updated');
  });

  it('creates no index folder for a catalog that fails to load', async () => {
    await expect(
      createSelector({ catalog: path.join(dir, 'missing.json'), embedder: 'hash', cwd: dir, env: {} }),
    ).rejects.toMatchObject({ code: 'EMPTY_CATALOG' });
    expect(existsSync(path.join(dir, '.toolsift'))).toBe(false);
  });
});

import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_TOOLS_FOLDER } from '@toolsift/test-support/dev-tools';
import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { describe, expect, test } from 'vitest';
import type { CatalogMemo } from '../../src/loaders/catalog-memo.js';
import { isJsonExact } from '../../src/loaders/is-json-exact.js';
import { loadCatalog } from '../../src/loaders/load-catalog.js';
import { loaderFingerprint } from '../../src/loaders/loader-fingerprint.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';
import { tinyLoader } from './helpers/tiny-loader.js';

const makeTempDir = useTempDirs();
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/formats');
const repoRoot = path.resolve(fixtures, '../../../../..');
const corpora = sharedDataForTest(
  'corpora',
  'the memo over the public corpora (packages/core/test/loaders/catalog-memo.test.ts)',
);

/** A memo that keeps each result as JSON text, as the index folder's memo file does, and counts its use. */
function jsonMemo() {
  const entries = new Map<string, string>();
  const counts = { hits: 0, misses: 0, sets: 0 };
  const memo: CatalogMemo = {
    get(key) {
      const json = entries.get(key);
      if (json === undefined) counts.misses += 1;
      else counts.hits += 1;
      return json === undefined ? undefined : JSON.parse(json);
    },
    set(key, loaded) {
      counts.sets += 1;
      entries.set(key, JSON.stringify(loaded));
    },
  };
  return { memo, entries, counts };
}

/** A catalog folder with files of several formats copied from the fixtures, one of them broken. */
async function catalogFolder(): Promise<string> {
  const root = await makeTempDir();
  await cp(path.join(fixtures, 'openai', 'payments.json'), path.join(root, 'payments.json'));
  await cp(
    path.join(fixtures, 'paularlott', 'execute_query.toml'),
    path.join(root, 'tools', 'execute_query.toml'),
  );
  await cp(path.join(fixtures, 'openai', 'bench-tools.jsonl'), path.join(root, 'tools', 'bench.jsonl'));
  await writeFiles(root, { 'broken.json': '{"type": "function", "function": {"name": "x",' });
  return root;
}

describe('loadCatalog with a memo', () => {
  test('loads unchanged files from the memo, with exactly the tools and diagnostics of a fresh load', async () => {
    const root = await catalogFolder();
    const fresh = await loadCatalog(['.'], { cwd: root });
    const { memo, counts } = jsonMemo();

    const first = await loadCatalog(['.'], { cwd: root, memo });
    expect(counts).toEqual({ hits: 0, misses: 4, sets: 4 });
    const second = await loadCatalog(['.'], { cwd: root, memo });
    expect(counts).toEqual({ hits: 4, misses: 4, sets: 4 });

    expect(fresh.tools.length).toBeGreaterThan(3);
    expect(fresh.diagnostics.some((diagnostic) => diagnostic.file === 'broken.json')).toBe(true);
    expect(first).toEqual(fresh);
    expect(second).toEqual(fresh);
  });

  test('a changed file, a renamed one or another format option is loaded afresh', async () => {
    const root = await catalogFolder();
    const { memo, counts } = jsonMemo();
    await loadCatalog(['.'], { cwd: root, memo });

    const file = path.join(root, 'payments.json');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/"description": "/, '"description": "Changed: '),
    );
    const changed = await loadCatalog(['.'], { cwd: root, memo });
    expect(counts.misses).toBe(4 + 1);
    expect(changed).toEqual(await loadCatalog(['.'], { cwd: root }));
    expect(changed.tools.some((tool) => tool.description.startsWith('Changed: '))).toBe(true);

    // The same bytes under another name: tools and diagnostics carry the name, so nothing is reused.
    await cp(file, path.join(root, 'renamed.json'));
    await loadCatalog(['renamed.json'], { cwd: root, memo });
    expect(counts.misses).toBe(4 + 1 + 1);

    await loadCatalog(['payments.json'], { cwd: root, memo, format: 'openai' });
    expect(counts.misses).toBe(4 + 1 + 1 + 1);
  });

  test('does not remember a result that JSON would change (a TOML date), and still loads it right', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'dated.toml': [
        'description = "List events since a day"',
        '',
        '[[parameters]]',
        'name = "since"',
        'type = "string"',
        'description = "First day"',
        'default = 2024-05-27',
      ].join('\n'),
    });
    const { memo, counts } = jsonMemo();
    const loaded = await loadCatalog(['.'], { cwd: root, memo });
    expect(loaded.tools).toHaveLength(1);
    expect(isJsonExact(loaded.tools)).toBe(false);
    expect(counts.sets).toBe(0);
    expect(await loadCatalog(['.'], { cwd: root, memo })).toEqual(loaded);
    expect(counts.hits).toBe(0);
  });

  test('is not used with loaders other than the built-in ones', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'a.json': JSON.stringify({ tiny: [{ name: 'one', description: 'Does one.' }] }),
    });
    const { memo, counts } = jsonMemo();
    const loaded = await loadCatalog(['.'], { cwd: root, memo, loaders: [tinyLoader] });
    expect(loaded.tools.map((tool) => tool.id)).toEqual(['one']);
    expect(counts).toEqual({ hits: 0, misses: 0, sets: 0 });
  });
});

describe('loadCatalog with a memo, on whole catalogs', () => {
  // Ours (every format, relations, schemas) everywhere; the public corpora's variety where they are present.
  const catalogs = [
    {
      name: 'metadata/ and the test fixtures',
      paths: [path.join(repoRoot, 'metadata'), fixtures, DEV_TOOLS_FOLDER],
      tools: 100,
      files: 60,
    },
    { name: 'the public corpora', paths: corpora === undefined ? [] : [corpora], tools: 1000, files: 400 },
  ];
  test.for(catalogs)(
    '$name: every file comes back from the memo exactly as a fresh load reads it',
    async ({ paths, tools, files }, context) => {
      context.skip(paths.length === 0);
      const fresh = await loadCatalog(paths);
      const { memo, counts } = jsonMemo();
      await loadCatalog(paths, { memo });
      const again = await loadCatalog(paths, { memo });
      expect(again).toEqual(fresh);
      expect(fresh.tools.length).toBeGreaterThan(tools);
      // Every file the walk read was remembered and found again (none holds a value JSON would change).
      expect(counts.sets).toBeGreaterThan(files);
      expect(counts.hits).toBe(counts.sets);
    },
  );
});

describe('loaderFingerprint', () => {
  test('digests the package code once per process', () => {
    expect(loaderFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(loaderFingerprint()).toBe(loaderFingerprint());
  });

  test('is undefined for code outside its package folder (bundled), which turns the memo off', async () => {
    const elsewhere = await makeTempDir();
    const copy = path.join(elsewhere, 'src', 'loaders', 'loader-fingerprint.ts');
    await cp(path.resolve(fixtures, '../../../src/loaders/loader-fingerprint.ts'), copy);
    await writeFile(path.join(elsewhere, 'package.json'), JSON.stringify({ name: 'some-app' }));
    const bundled = (await import(copy)) as { loaderFingerprint: () => string | undefined };
    expect(bundled.loaderFingerprint()).toBeUndefined();
  });
});

describe('isJsonExact', () => {
  test('accepts what JSON gives back unchanged', () => {
    expect(isJsonExact({ a: [1, 'two', true, null, { b: 2.5 }], c: {} })).toBe(true);
    expect(isJsonExact(Object.assign(Object.create(null), { a: 1 }))).toBe(true);
  });

  test.each([
    ['a Date', { when: new Date(0) }],
    ['an undefined value', { a: undefined }],
    ['a hole in an array', new Array(3)],
    ['NaN', [Number.NaN]],
    ['Infinity', { a: Number.POSITIVE_INFINITY }],
    ['-0', { a: -0 }],
    ['a function', { a: () => 1 }],
    ['a bigint', { a: 1n }],
    ['a Map', { a: new Map() }],
    ['a class instance', { a: new (class Point {})() }],
  ])('refuses %s', (_, value) => {
    expect(isJsonExact(value)).toBe(false);
  });
});

import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isModelFolderValid } from '../../src/embedding/model-folder.js';
import { ensureUseLiteModel } from '../../src/embedding/use-lite-model.js';

let shared: string;
let root: string;
const progress: string[] = [];
const ensure = (cacheDir: string) =>
  ensureUseLiteModel({ cacheDir, onProgress: (line) => progress.push(line) });
const manifestOf = async (dir: string) => JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
const keyOf = async (dir: string): Promise<string> => (await manifestOf(dir)).key;

beforeAll(async () => {
  shared = await ensureUseLiteModel({ cacheDir: SHARED_TEST_CACHE_DIR });
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolsift-use-lite-'));
  progress.length = 0;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A cache root holding a copy of the already converted model, so a test need not convert first. */
async function copiedCache(): Promise<string> {
  await cp(shared, join(root, 'models', 'use-lite'), { recursive: true });
  return root;
}

describe('ensureUseLiteModel', () => {
  test('converts on first use, with progress, into <cacheDir>/models/use-lite with the notice files', async () => {
    const dir = await ensure(root);
    expect(dir).toBe(join(root, 'models', 'use-lite'));
    expect(progress).toHaveLength(2);
    expect(progress[0]).toMatch(/^Converting the Universal Sentence Encoder lite model to ONNX/);
    expect((await readdir(dir)).sort()).toEqual([
      'LICENSE',
      'NOTICE',
      'config.json',
      'manifest.json',
      'onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(await readFile(join(dir, 'LICENSE'), 'utf8')).toMatch(/Apache License/);
    expect(await readFile(join(dir, 'NOTICE'), 'utf8')).toMatch(/@energetic-ai\/model-embeddings-en/);
    // Deterministic: the manifest records the sha256 of every file, and matches another conversion's.
    expect(await manifestOf(dir)).toEqual(await manifestOf(shared));
    expect(await readdir(join(root, 'models'))).toEqual(['use-lite']);
  });

  test('reuses a valid cached model without converting or touching it', async () => {
    const cacheDir = await copiedCache();
    const before = await stat(join(cacheDir, 'models', 'use-lite', 'onnx', 'model.onnx'));
    await ensure(cacheDir);
    expect(progress).toEqual([]);
    const after = await stat(join(cacheDir, 'models', 'use-lite', 'onnx', 'model.onnx'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  test.each([
    ['a flipped byte in the model', (dir: string) => flipByte(join(dir, 'onnx', 'model.onnx'))],
    ['a missing tokenizer', (dir: string) => rm(join(dir, 'tokenizer.json'))],
    ['a truncated manifest', (dir: string) => writeFile(join(dir, 'manifest.json'), '{"format":1,')],
    ['a missing manifest (partial copy)', (dir: string) => rm(join(dir, 'manifest.json'))],
  ])('rebuilds a cache with %s', async (_, damage) => {
    const cacheDir = await copiedCache();
    const dir = join(cacheDir, 'models', 'use-lite');
    await damage(dir);
    expect(await isModelFolderValid(dir, await keyOf(shared))).toBe(false);
    await ensure(cacheDir);
    expect(progress[0]).toMatch(/^Converting/);
    expect(await isModelFolderValid(dir, await keyOf(shared))).toBe(true);
    expect(await readdir(join(cacheDir, 'models'))).toEqual(['use-lite']);
  });

  test('stamps a folder it verified, and trusts the stamp only while every file still matches it', async () => {
    const dir = join(await copiedCache(), 'models', 'use-lite');
    const key = await keyOf(shared);
    const stampOf = async () => JSON.parse(await readFile(join(dir, 'verified.json'), 'utf8'));
    expect(await isModelFolderValid(dir, key)).toBe(true);
    const stamp = await stampOf();
    expect(stamp.key).toBe(key);
    expect(Object.keys(stamp.files).sort()).toEqual([
      'LICENSE',
      'NOTICE',
      'config.json',
      'manifest.json',
      'onnx/model.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(stamp.files['onnx/model.onnx']).toMatchObject({
      bytes: (await stat(join(dir, 'onnx', 'model.onnx'))).size,
    });
    expect(await isModelFolderValid(dir, key)).toBe(true);
    expect(await stampOf()).toEqual(stamp);

    // Changed in place (same size): the stamp no longer matches, so the hashes are checked and fail.
    await flipByte(join(dir, 'onnx', 'model.onnx'));
    expect(await isModelFolderValid(dir, key)).toBe(false);
    // Changed back: valid again after a full check, with a new stamp.
    await flipByte(join(dir, 'onnx', 'model.onnx'));
    expect(await isModelFolderValid(dir, key)).toBe(true);
    expect((await stampOf()).files['onnx/model.onnx']).not.toEqual(stamp.files['onnx/model.onnx']);
  });

  test.each([
    ['a damaged stamp', '{"key":'],
    ['a stamp of another key', JSON.stringify({ key: 'use-lite/converter-0/old', files: {} })],
  ])('checks the hashes again past %s, and replaces it', async (_, text) => {
    const dir = join(await copiedCache(), 'models', 'use-lite');
    const key = await keyOf(shared);
    await writeFile(join(dir, 'verified.json'), text);
    expect(await isModelFolderValid(dir, key)).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'verified.json'), 'utf8')).key).toBe(key);
    await flipByte(join(dir, 'tokenizer.json'));
    expect(await isModelFolderValid(dir, key)).toBe(false);
  });

  test('rebuilds a model written by another converter version', async () => {
    const cacheDir = await copiedCache();
    const manifestPath = join(cacheDir, 'models', 'use-lite', 'manifest.json');
    const manifest = await manifestOf(join(cacheDir, 'models', 'use-lite'));
    await writeFile(manifestPath, JSON.stringify({ ...manifest, key: 'use-lite/converter-0/old' }));
    await ensure(cacheDir);
    expect(progress[0]).toMatch(/^Converting/);
    expect(await keyOf(join(cacheDir, 'models', 'use-lite'))).toBe(await keyOf(shared));
  });

  test('two processes converting into the same empty cache at once leave one valid model', async () => {
    const [first, second] = await Promise.all([convertInChild(root), convertInChild(root)]);
    expect(first).toBe(join(root, 'models', 'use-lite'));
    expect(second).toBe(first);
    expect(await isModelFolderValid(first ?? '', await keyOf(shared))).toBe(true);
    expect(await manifestOf(first ?? '')).toEqual(await manifestOf(shared));
    // No temp or stale folders are left behind.
    expect(await readdir(join(root, 'models'))).toEqual(['use-lite']);
  });
});

// --- helpers ---

async function flipByte(file: string): Promise<void> {
  const bytes = await readFile(file);
  const index = Math.floor(bytes.length / 2);
  bytes[index] = (bytes[index] ?? 0) ^ 0xff;
  await writeFile(file, bytes);
}

async function convertInChild(cacheDir: string): Promise<string | undefined> {
  const moduleUrl = new URL('../../src/embedding/use-lite-model.ts', import.meta.url).href;
  const script =
    `const { ensureUseLiteModel } = await import(${JSON.stringify(moduleUrl)});` +
    `process.stdout.write(await ensureUseLiteModel({ cacheDir: ${JSON.stringify(cacheDir)} }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx/esm', '--conditions=@toolsift/source', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  return stdout;
}

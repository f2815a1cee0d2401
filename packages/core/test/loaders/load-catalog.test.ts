import { describe, expect, test } from 'vitest';
import { loadCatalog } from '../../src/loaders/load-catalog.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';
import { tinyLoader } from './helpers/tiny-loader.js';

const makeTempDir = useTempDirs();
const loaders = [tinyLoader];

function tiny(...names: string[]): string {
  return JSON.stringify({ tiny: names.map((name) => ({ name, description: `Does ${name}.` })) });
}

describe('loadCatalog', () => {
  test('loads every file of the folders, counts files, and one bad file never stops the others', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'a.json': tiny('one', 'two'),
      'b.json': '{"tiny": [',
      'c/d.json': tiny('three'),
      'c/README.md': '# not metadata',
    });
    const result = await loadCatalog(['.'], { cwd: root, loaders });
    expect(result.tools.map((tool) => tool.id)).toEqual(['one', 'two', 'three']);
    expect(result.files).toBe(3);
    expect(result.skipped).toBe(1);
    expect(result.diagnostics).toEqual([
      {
        code: 'PARSE_ERROR',
        severity: 'error',
        file: 'b.json',
        line: 1,
        column: 11,
        message: "Invalid JSON: expected a value or ']', found the end of the text.",
      },
    ]);
  });

  test('tools and diagnostics come out in walk order across many files of varied sizes', async () => {
    const root = await makeTempDir();
    // 60 files in two folders, of sizes from 0 to 240 KB of padding, every 7th one broken.
    const files: Record<string, string> = {};
    const broken = new Set<string>();
    for (let index = 0; index < 60; index++) {
      const file = `${index % 3 === 0 ? 'sub/' : ''}f${String(index).padStart(2, '0')}.json`;
      const padding = ' '.repeat(((index * 7919) % 13) * 20_000);
      if (index % 7 === 0) broken.add(file);
      files[file] =
        index % 7 === 0 ? `{"tiny": [${padding}` : `${tiny(`t${index}a`, `t${index}b`)}${padding}`;
    }
    await writeFiles(root, files);
    const result = await loadCatalog(['.'], { cwd: root, loaders });
    // Walk order: sorted names in each folder, the folder 'sub' where its name sorts (after the 'f..' files).
    const names = Object.keys(files);
    const order = [
      ...names.filter((file) => !file.startsWith('sub/')).sort(),
      ...names.filter((file) => file.startsWith('sub/')).sort(),
    ];
    const valid = order.filter((file) => !broken.has(file));
    expect(result.tools.map((tool) => tool.source.file)).toEqual(valid.flatMap((file) => [file, file]));
    expect(result.diagnostics.map((diagnostic) => diagnostic.file)).toEqual(
      order.filter((file) => broken.has(file)),
    );
    expect(result.files).toBe(60);
  });

  test('duplicate ids across files: both are kept, the second under a file-qualified id, with a warning', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'a.json': tiny('x'), 'b.json': tiny('x', 'y') });
    const result = await loadCatalog(['a.json', 'b.json'], { cwd: root, loaders });
    expect(result.tools.map((tool) => `${tool.id}:${tool.source.file}`)).toEqual([
      'x:a.json',
      'x@b:b.json',
      'y:b.json',
    ]);
    expect(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.file]),
    ).toEqual([['DUPLICATE_TOOL_ID', 'warning', 'b.json']]);
  });

  test('strict mode throws a ToolsiftError carrying every diagnostic', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'a.json': JSON.stringify({ tiny: [{ name: 'quiet' }] }) });
    const promise = loadCatalog(['a.json'], { cwd: root, loaders, strict: true });
    await expect(promise).rejects.toMatchObject({
      code: 'METADATA_INVALID',
      details: { diagnostics: [{ code: 'MISSING_DESCRIPTION', file: 'a.json' }], files: 1, tools: 1 },
    });
    await expect(promise).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Catalog has 0 errors and 1 warning (strict mode). First: a.json: MISSING_DESCRIPTION Tool "quiet" has no description; selection relies on it, so add one.]`,
    );
  });

  test('strict mode returns normally for a clean catalog', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'a.json': tiny('fine') });
    const result = await loadCatalog(['a.json'], { cwd: root, loaders, strict: true });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(1);
  });
});

import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { walkPaths } from '../../src/loaders/walk-paths.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';

const makeTempDir = useTempDirs();

describe('walkPaths', () => {
  test('walks folders in sorted order, skipping what is plainly not metadata', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'b/tool.yaml': 'x',
      'a/z.json': '{}',
      'a/LICENSE': 'text',
      'a/README.md': '# hi',
      'a/.hidden.json': '{}',
      'a/node_modules/dep/tool.json': '{}',
      'a/.git/config.json': '{}',
      'a/.toolsift/manifest.json': '{}',
      'a/m.toml': 'a = 1',
      'c.json': '{}',
    });
    const result = await walkPaths(['.'], { cwd: root });
    expect(result.entries.map((entry) => entry.file)).toEqual([
      'a/m.toml',
      'a/z.json',
      'b/tool.yaml',
      'c.json',
    ]);
    expect(result.entries.every((entry) => !entry.isExplicit && entry.path.startsWith(root))).toBe(true);
    expect(result.skipped).toBe(6);
    expect(result.diagnostics).toEqual([]);
  });

  test('keeps the paths as given in display names; explicit files are marked', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'cat/x.json': '{}', 'notes.txt': 'hi' });
    const result = await walkPaths(['cat', 'notes.txt'], { cwd: root });
    expect(result.entries.map(({ file, isExplicit }) => ({ file, isExplicit }))).toEqual([
      { file: 'cat/x.json', isExplicit: false },
      { file: 'notes.txt', isExplicit: true },
    ]);
  });

  test('a symlink loop is a SYMLINK_LOOP warning, never infinite', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'cat/sub/tool.json': '{}' });
    await symlink('..', join(root, 'cat/sub/up'));
    await symlink('self', join(root, 'cat/self'));
    const result = await walkPaths(['cat'], { cwd: root });
    expect(result.entries.map((entry) => entry.file)).toEqual(['cat/sub/tool.json']);
    expect(result.diagnostics).toEqual([
      {
        code: 'SYMLINK_LOOP',
        severity: 'warning',
        file: 'cat/self',
        message: 'Symbolic link loop (the link resolves to itself); not followed.',
      },
      {
        code: 'SYMLINK_LOOP',
        severity: 'warning',
        file: 'cat/sub/up',
        message: 'Symbolic link loops back to a parent folder; not followed.',
      },
    ]);
  });

  test('a file or folder reached twice is listed once; a dangling link is a warning', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'cat/real/tool.json': '{}' });
    await symlink('real', join(root, 'cat/alias'));
    await symlink('missing.json', join(root, 'cat/dangling.json'));
    const result = await walkPaths(['cat', 'cat/real/tool.json'], { cwd: root });
    expect(result.entries.map((entry) => entry.file)).toEqual(['cat/alias/tool.json']);
    expect(result.diagnostics).toEqual([
      {
        code: 'FILE_UNREADABLE',
        severity: 'warning',
        file: 'cat/dangling.json',
        message: 'Cannot read: no such file or folder.',
      },
    ]);
  });

  test('a missing path is a FILE_UNREADABLE error', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'empty'));
    const result = await walkPaths(['nope', 'empty'], { cwd: root });
    expect(result.entries).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        code: 'FILE_UNREADABLE',
        severity: 'error',
        file: 'nope',
        message: 'Cannot read: no such file or folder.',
      },
    ]);
  });
});

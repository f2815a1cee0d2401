import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_DIR_ENV, sharedDataForTest, sharedDir, sharedPath } from '@toolsift/test-support/shared-data';
import { afterEach, describe, expect, test, vi } from 'vitest';

// A clone has no public data beside it, and its tests must pass: only test/support/src/shared-data.ts may say where
// that data is, so every test that reads it skips, with one printed line, when it is absent (and CI runs those
// tests without it, see .ci/run).
const repoRoot = path.resolve(import.meta.dirname, '..');
const HELPER = path.join('test', 'support', 'src', 'shared-data.ts');
/** A path to the public data written as a string: `shared` after one or more `../`, or as two path segments. */
const SHARED_LITERAL = /['"`](?:\.\.\/)+shared(?:[/'"`])|['"]\.\.['"],\s*['"]shared['"]/;
/** What a test file may not contain at all, in code or comments (the repository's stop hook checks the same). */
const TEST_FILE_MENTION = /\.\.\/shared|'shared\/(?:bench|corpora)/;

const testFolders = [
  'test',
  'bench/src',
  ...readdirSync(path.join(repoRoot, 'packages')).map((name) => path.join('packages', name, 'test')),
];
const sources = testFolders.flatMap((folder) => typeScriptFiles(folder));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the public data beside the repo', () => {
  test('is found by more than a few source files (the walk works)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain(HELPER);
  });

  test('no test file names it', () => {
    const naming = sources.filter(
      (file) =>
        file.endsWith('.test.ts') && TEST_FILE_MENTION.test(readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  test('no other test, fixture or bench module has a path to it: they go through test/support/src/shared-data.ts', () => {
    const naming = sources.filter(
      (file) => file !== HELPER && SHARED_LITERAL.test(readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  test(`is the folder \`shared\` beside the repo unless ${SHARED_DIR_ENV} names another one`, () => {
    const expected = process.env[SHARED_DIR_ENV]
      ? path.resolve(process.env[SHARED_DIR_ENV])
      : path.join(path.dirname(repoRoot), 'shared');
    expect(sharedDir).toBe(expected);
    expect(sharedPath('corpora/matimo')).toBe(path.join(expected, 'corpora', 'matimo'));
  });

  test('a test that needs what is missing gets undefined, and one line says what it needs', () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      lines.push(String(text));
      return true;
    });
    expect(sharedDataForTest('no-such-folder', 'the example check (shared-data.test.ts)')).toBeUndefined();
    expect(lines).toEqual([
      `skipped the example check (shared-data.test.ts): needs the public data at ${path.join(sharedDir, 'no-such-folder')} (${SHARED_DIR_ENV} names its folder)\n`,
    ]);
  });
});

// --- internal ---

/** Every .ts file under `folder` (relative to the repo root), node_modules left out. */
function typeScriptFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

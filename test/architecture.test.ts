import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Dependencies point one way: core <- selector <- cli, selector <- frameworks (STYLE.md rule 1).
const allowedEdges: Record<string, string[]> = {
  '@toolsift/core': [],
  '@toolsift/selector': ['@toolsift/core'],
  '@toolsift/cli': ['@toolsift/core', '@toolsift/selector'],
  '@toolsift/frameworks': ['@toolsift/core', '@toolsift/selector'],
};
// The tests' shared helpers: any package may list it as a dev dependency, and it depends on no toolsift package.
const TEST_SUPPORT = '@toolsift/test-support';
// Every package folder, so a new package fails here until the table says where it stands.
const packageDirs = readdirSync(path.join(repoRoot, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function workspaceDependencies(packageDir: string): { name: string; dependencies: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, packageDir, 'package.json'), 'utf8'));
  const shipped = { ...manifest.dependencies, ...manifest.peerDependencies };
  const development = Object.keys(manifest.devDependencies ?? {}).filter((name) => name !== TEST_SUPPORT);
  return {
    name: manifest.name,
    dependencies: [...Object.keys(shipped), ...development].filter((name) => name.startsWith('@toolsift/')),
  };
}

describe('package topology', () => {
  it('finds every package the table lists, and no other', () => {
    expect(
      packageDirs.map((packageDir) => workspaceDependencies(`packages/${packageDir}`).name).sort(),
    ).toEqual(Object.keys(allowedEdges).sort());
  });

  it.each(packageDirs)('packages/%s depends only on packages below it', (packageDir) => {
    const { name, dependencies } = workspaceDependencies(`packages/${packageDir}`);
    expect(allowedEdges[name], `${name} is not in the table of allowed edges`).toBeDefined();
    expect(dependencies.filter((dependency) => !allowedEdges[name]?.includes(dependency))).toEqual([]);
  });

  it(`${TEST_SUPPORT} (test/support) depends on no toolsift package, so any package's tests can use it`, () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'test/support/package.json'), 'utf8'));
    const all = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
    expect(manifest.name).toBe(TEST_SUPPORT);
    expect(Object.keys(all).filter((name) => name.startsWith('@toolsift/'))).toEqual([]);
  });

  it.each(packageDirs)(`packages/%s lists ${TEST_SUPPORT} as a dev dependency only`, (packageDir) => {
    const manifest = JSON.parse(
      readFileSync(path.join(repoRoot, 'packages', packageDir, 'package.json'), 'utf8'),
    );
    expect(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })).not.toContain(
      TEST_SUPPORT,
    );
  });
});

// Where tests live (README, "Contributing"): a package's unit tests in packages/<name>/test, mirroring src/; root
// tests in test/ through the packages' public entry points; helpers shared by more than one package's tests in
// @toolsift/test-support (test/support); bench code in bench/src, which may import anything and which no test imports.
const PUBLISHED = new Set(packageDirs);
const isBench = (file: string | undefined): boolean => file?.startsWith('bench/') === true;

describe('where tests live', () => {
  const rootTests = sourceFiles('test').filter((file) => !file.startsWith('test/support/'));
  const packageTests = packageDirs.flatMap((packageDir) => sourceFiles(`packages/${packageDir}/test`));
  const supportFiles = sourceFiles('test/support');

  it('finds the test files (the walk works), and no bench code among them', () => {
    expect(rootTests.length).toBeGreaterThan(50);
    expect(rootTests.filter((file) => file.startsWith('test/bench/'))).toEqual([]);
    expect(sourceFiles('bench/src')).toContain('bench/src/abstention.ts');
    expect(packageTests.length).toBeGreaterThan(100);
    expect(supportFiles).toContain('test/support/src/temp-folder.ts');
  });

  it('root tests import packages by name, never a module inside a package by path', () => {
    const internal = importsOf(rootTests).filter(
      ({ target, specifier }) =>
        target?.startsWith('packages/') === true || /^@toolsift\/[^/]+\/(?:src|test|dist)\//.test(specifier),
    );
    expect(internal.map(describeImport)).toEqual([]);
  });

  it.each(packageDirs)('packages/%s/test imports nothing outside its package by path', (packageDir) => {
    const outside = importsOf(sourceFiles(`packages/${packageDir}/test`)).filter(
      ({ target }) => target !== undefined && !target.startsWith(`packages/${packageDir}/`),
    );
    expect(outside.map(describeImport)).toEqual([]);
  });

  it('test/support imports nothing outside itself by path, and no toolsift package by name', () => {
    const outside = importsOf(supportFiles).filter(
      ({ target, specifier }) =>
        (target !== undefined && !target.startsWith('test/support/')) ||
        (specifier.startsWith('@toolsift/') && !specifier.startsWith('@toolsift/test-support/')),
    );
    expect(outside.map(describeImport)).toEqual([]);
  });

  it('no test, fixture or test helper imports bench code', () => {
    const bench = importsOf([...rootTests, ...packageTests, ...supportFiles]).filter(
      ({ target, specifier }) => isBench(target) || specifier.startsWith('@toolsift/bench'),
    );
    expect(bench.map(describeImport)).toEqual([]);
  });

  it('published packages are imported through their exports only', () => {
    const deep = importsOf([...rootTests, ...packageTests]).filter(({ specifier }) => {
      const [scope, name, ...rest] = specifier.split('/');
      return scope === '@toolsift' &&
        name !== undefined &&
        PUBLISHED.has(name) &&
        rest.length > 0 &&
        rest[0] !== 'package.json'
        ? !isExported(name, `./${rest.join('/')}`)
        : false;
    });
    expect(deep.map(describeImport)).toEqual([]);
  });
});

// --- internal ---

interface ImportSite {
  file: string;
  specifier: string;
  /** The repo-relative path a relative specifier points at (undefined for a package name). */
  target?: string;
}

/** Every TypeScript and JavaScript module under `folder` (repo-relative), without node_modules and builds. */
function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(repoRoot, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (/\.(?:ts|mts|mjs|tsx)$/.test(entry.name)) {
        files.push(child);
      }
    }
  };
  if (statSync(path.join(repoRoot, folder), { throwIfNoEntry: false })?.isDirectory() === true) walk(folder);
  return files.sort();
}

/** The module specifiers of static imports, re-exports and dynamic imports of string literals. */
const IMPORT_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"\n]+)['"]/g;

function importsOf(files: readonly string[]): ImportSite[] {
  return files.flatMap((file) =>
    [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(IMPORT_SPECIFIER)].map((match) => {
      const specifier = match[1] ?? '';
      return specifier.startsWith('.')
        ? {
            file,
            specifier,
            target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
          }
        : { file, specifier };
    }),
  );
}

function describeImport({ file, specifier }: ImportSite): string {
  return `${file} imports '${specifier}'`;
}

function isExported(packageDir: string, subpath: string): boolean {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, 'packages', packageDir, 'package.json'), 'utf8'),
  );
  return Object.hasOwn(manifest.exports ?? {}, subpath);
}

import { readdirSync, readFileSync } from 'node:fs';
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Dependencies point one way: core <- selector <- cli (STYLE.md rule 1).
const allowedEdges: Record<string, string[]> = {
  '@toolsift/core': [],
  '@toolsift/selector': ['@toolsift/core'],
  '@toolsift/cli': ['@toolsift/core', '@toolsift/selector'],
};

function workspaceDependencies(packageDir: string): { name: string; dependencies: string[] } {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, 'packages', packageDir, 'package.json'), 'utf8'),
  );
  const all = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
  return {
    name: manifest.name,
    dependencies: Object.keys(all).filter((name) => name.startsWith('@toolsift/')),
  };
}

describe('package topology', () => {
  it.each(['core', 'selector', 'cli'])('packages/%s depends only on packages below it', (packageDir) => {
    const { name, dependencies } = workspaceDependencies(packageDir);
    expect(allowedEdges[name]).toBeDefined();
    expect(dependencies.filter((dependency) => !allowedEdges[name]?.includes(dependency))).toEqual([]);
  });
});

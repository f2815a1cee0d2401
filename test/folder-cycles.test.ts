import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const packagesDir = path.join(repoRoot, 'packages');

// Folders depend on folders below them, never in a circle (STYLE.md rules 1 and 6): the nodes are the top-level
// folders of each package's src/ (a file directly in src/, such as index.ts, is a node of its own), and an edge is a
// relative import (static, type-only, re-export or dynamic) from a file of one folder into another folder.
describe('folder dependencies', () => {
  it.each(readdirSync(packagesDir))('packages/%s has no cycle between src folders', (packageDir) => {
    const graph = folderGraph(path.join(packagesDir, packageDir, 'src'));
    expect(findCycles(graph).map((cycle) => describeCycle(graph, cycle))).toEqual([]);
  });

  it('finds a cycle it is shown', () => {
    const graph = new Map([
      ['a', new Map([['b', ['a/x.ts -> b/y.ts']]])],
      ['b', new Map([['c', ['b/y.ts -> c/z.ts']]])],
      ['c', new Map([['a', ['c/z.ts -> a/x.ts']]])],
      ['d', new Map([['a', ['d/w.ts -> a/x.ts']]])],
    ]);
    expect(findCycles(graph).map((cycle) => describeCycle(graph, cycle))).toEqual([
      'a -> b -> c -> a (a/x.ts -> b/y.ts; b/y.ts -> c/z.ts; c/z.ts -> a/x.ts)',
    ]);
  });
});

// --- internal ---

/** Folder -> folder it imports -> the file imports making that edge. */
type FolderGraph = Map<string, Map<string, string[]>>;

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function folderGraph(srcDir: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(srcDir, file);
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      const to = folderOf(srcDir, target);
      if (to === from) continue;
      const via = `${path.relative(srcDir, file)} -> ${path.relative(srcDir, target)}`;
      edges.set(to, [...(edges.get(to) ?? []), via]);
    }
  }
  return graph;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function folderOf(srcDir: string, file: string): string {
  const parts = path.relative(srcDir, file).split(path.sep);
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? '').replace(/\.[jt]sx?$/, '');
}

/** One shortest cycle through each strongly connected component of more than one folder. */
function findCycles(graph: FolderGraph): string[][] {
  const cycles: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    if (component.length < 2) continue;
    const start = [...component].sort()[0] as string;
    cycles.push(shortestCycle(graph, start, new Set(component)));
  }
  return cycles.sort((left, right) => (left[0] ?? '').localeCompare(right[0] ?? ''));
}

/** The cycle's folders, then the first import making each of its edges. */
function describeCycle(graph: FolderGraph, cycle: string[]): string {
  const vias = cycle.slice(0, -1).map((from, position) => {
    const to = cycle[position + 1] as string;
    return graph.get(from)?.get(to)?.[0] ?? '?';
  });
  return `${cycle.join(' -> ')} (${vias.join('; ')})`;
}

/** Tarjan's algorithm. */
function stronglyConnected(graph: FolderGraph): string[][] {
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    indexOf.set(node, counter);
    lowOf.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowOf.set(node, Math.min(lowOf.get(node) as number, lowOf.get(next) as number));
      } else if (onStack.has(next)) {
        lowOf.set(node, Math.min(lowOf.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (lowOf.get(node) !== indexOf.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return components;
}

/** Breadth-first from `start` back to itself, inside its component. */
function shortestCycle(graph: FolderGraph, start: string, component: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!component.has(next)) continue;
      if (next === start) {
        const steps: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at))
          steps.unshift(at);
        return [start, ...steps, start];
      }
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return [start, start];
}

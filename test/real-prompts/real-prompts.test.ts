import { readFile } from 'node:fs/promises';
import { loadCatalog } from '@toolsift/core';
import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { describe, expect, test } from 'vitest';
import { REAL_PROMPT_SUITES } from './real-prompt-suites.js';

// The suite is well formed: enough prompts of each kind, spread over many tools, every gold id a real tool id.
// No embedder is needed. The prompts are ours; the catalogs they were written against are public ones, loaded
// from the public data as the bench loads them, so the gold ids are checked only where those are present.

const corpora = sharedDataForTest(
  'corpora',
  'the real-prompt gold ids (test/real-prompts/real-prompts.test.ts)',
);
const KEYS = new Set(['id', 'query', 'gold', 'gold_groups']);

interface RawPrompt {
  id: string;
  query: string;
  gold: string[];
  gold_groups?: string[][];
}

const suites = await Promise.all(
  REAL_PROMPT_SUITES.map(async (suite) => ({ ...suite, prompts: await readPrompts(suite.file) })),
);
const all = suites.flatMap((suite) => suite.prompts);
const answerable = all.filter((prompt) => prompt.gold.length > 0);

describe('real-prompt suite: shape', () => {
  test('at least 150 answerable prompts and at least 40 that need no tool', () => {
    expect(answerable.length).toBeGreaterThanOrEqual(150);
    expect(all.length - answerable.length).toBeGreaterThanOrEqual(40);
  });

  test.each(suites.map((suite) => [suite.name, suite] as const))(
    '%s: at least 40 answerable and 10 no-tool prompts',
    (_name, suite) => {
      const tools = suite.prompts.filter((prompt) => prompt.gold.length > 0).length;
      expect(tools).toBeGreaterThanOrEqual(40);
      expect(suite.prompts.length - tools).toBeGreaterThanOrEqual(10);
    },
  );

  test('ids are unique across the suite, and no prompt is written twice', () => {
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(all.map((prompt) => prompt.id))).toEqual([]);
    expect(duplicates(all.map((prompt) => prompt.query.toLowerCase()))).toEqual([]);
  });

  test('every line has only the common-form keys, and gold_groups line up with gold', () => {
    const problems = all.flatMap((prompt) => {
      const found: string[] = [];
      const extra = Object.keys(prompt).filter((key) => !KEYS.has(key));
      if (extra.length > 0) found.push(`${prompt.id}: unexpected keys ${extra.join(', ')}`);
      if (prompt.query.trim().length === 0) found.push(`${prompt.id}: empty query`);
      const groups = prompt.gold_groups;
      if (groups === undefined) return found;
      if (prompt.gold.length === 0) found.push(`${prompt.id}: gold_groups on a no-tool prompt`);
      if (groups.length !== prompt.gold.length)
        found.push(`${prompt.id}: ${groups.length} groups for ${prompt.gold.length} gold`);
      prompt.gold.forEach((id, index) => {
        if (!groups[index]?.includes(id))
          found.push(`${prompt.id}: gold ${id} is not in gold_groups[${index}]`);
      });
      return found;
    });
    expect(problems).toEqual([]);
  });

  test('spread over many tools: at least 150 distinct first-choice gold tools, none gold for more than 3 prompts', () => {
    const counts = new Map<string, number>();
    for (const prompt of answerable) {
      for (const id of prompt.gold) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThanOrEqual(150);
    expect([...counts].filter(([, count]) => count > 3)).toEqual([]);
  });
});

describe.skipIf(corpora === undefined)('real-prompt suite: gold ids', () => {
  test.each(suites.map((suite) => [suite.name, suite] as const))(
    '%s: every gold id is a tool of the loaded catalog',
    async (_name, suite) => {
      const { tools } = await loadCatalog([suite.catalog]);
      const ids = new Set(tools.map((tool) => tool.id));
      const missing = suite.prompts.flatMap((prompt) =>
        [...prompt.gold, ...(prompt.gold_groups ?? []).flat()]
          .filter((id) => !ids.has(id))
          .map((id) => `${prompt.id}: ${id}`),
      );
      expect(missing).toEqual([]);
    },
  );
});

// --- internal ---

async function readPrompts(file: string): Promise<RawPrompt[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as RawPrompt);
}

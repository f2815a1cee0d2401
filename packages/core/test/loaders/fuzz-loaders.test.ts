import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/loaders/load-catalog.js';
import {
  type FuzzDocument,
  fuzzDocuments,
  fuzzTexts,
  loadOrCrash,
  textDamage,
} from './helpers/fuzz-documents.js';
import { useTempDirs, writeFiles } from './helpers/temp-dir.js';

/** Fixed seed, bounded runs: the same few hundred documents every time, in a few seconds. */
const SEED = 20_20;
const RUNS = 150;

const makeTempDir = useTempDirs();

/** Every way one document reaches a loader: its value with the format forced and detected, and its texts. */
function attempts(document: FuzzDocument, damage: (text: string) => string) {
  return [
    () => loadOrCrash(document.value, { file: 'fuzz.json', format: document.format }),
    () => loadOrCrash(document.value, { file: 'fuzz.json' }),
    ...fuzzTexts(document).flatMap(({ file, text }) => [
      () => loadOrCrash(text, { file }),
      () => loadOrCrash(damage(text), { file }),
    ]),
  ];
}

describe('every format loader under fuzzed input', () => {
  it('never throws anything but a ToolsiftError, and yields only coded diagnostics and valid tools', () => {
    fc.assert(
      fc.property(fuzzDocuments(), textDamage, (document, damage) => {
        for (const attempt of attempts(document, damage)) {
          const outcome = attempt();
          expect(outcome.crash).toBeUndefined();
          expect(outcome.problem).toBeUndefined();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('a catalog of fuzzed files still loads its one good tool', async () => {
    const documents = fc.sample(fuzzDocuments(), { seed: SEED, numRuns: 40 });
    const files: Record<string, string> = {
      'good/tools.json': JSON.stringify({
        tools: [{ name: 'get_weather', description: 'Current weather.' }],
      }),
    };
    documents.forEach((document, index) => {
      for (const { file, text } of fuzzTexts(document)) files[`${index}/${file}`] = text;
    });
    const root = await makeTempDir();
    await writeFiles(root, files);
    const { tools } = await loadCatalog([root]);
    expect(tools.map((tool) => tool.id)).toContain('get_weather');
  });
});

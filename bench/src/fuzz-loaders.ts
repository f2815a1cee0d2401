// Loader fuzz (a script, not a test): thousands of fuzzed metadata files of every format, each loaded on
// its own (a throw that is not a ToolsiftError is a crash), then all of them as one catalog through the selector
// (views, embedding with the hash embedder, a query), and through every LLM formatter. Prints files, diagnostics by
// code, crashes and times. The fast, bounded version of this runs in `pnpm test` (packages/core/test/loaders/
// fuzz-loaders.test.ts). Run: node --import tsx/esm --conditions=@toolsift/source bench/src/fuzz-loaders.ts [docs]
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FORMAT_TARGETS, formatTools, loadCatalog, ToolsiftError } from '@toolsift/core';
import { createSelector } from '@toolsift/selector';
import fc from 'fast-check';
import {
  fuzzDocuments,
  fuzzTexts,
  loadOrCrash,
  textDamage,
} from '../../packages/core/test/loaders/helpers/fuzz-documents.js';

const DOCUMENTS = Number(process.argv[2] ?? 3000);
const SEED = 20_20;

const started = performance.now();
const samples = fc.sample(fc.tuple(fuzzDocuments(), textDamage), { seed: SEED, numRuns: DOCUMENTS });
const byCode = new Map<string, number>();
const crashes: string[] = [];
const problems: string[] = [];
const files: Array<{ file: string; text: string }> = [];
let inputs = 0;
const count = (outcome: ReturnType<typeof loadOrCrash>, label: string): void => {
  inputs += 1;
  for (const { code } of outcome.diagnostics) byCode.set(code, (byCode.get(code) ?? 0) + 1);
  if (outcome.crash !== undefined) crashes.push(`${label}: ${String(outcome.crash).slice(0, 200)}`);
  if (outcome.problem !== undefined) problems.push(`${label}: ${outcome.problem}`);
};
samples.forEach(([document, damage], index) => {
  count(
    loadOrCrash(document.value, { file: 'fuzz.json', format: document.format }),
    `#${index} value as ${document.format}`,
  );
  count(loadOrCrash(document.value, { file: 'fuzz.json' }), `#${index} value, detected`);
  for (const { file, text } of fuzzTexts(document)) {
    const damaged = damage(text);
    count(loadOrCrash(text, { file }), `#${index} ${file}`);
    count(loadOrCrash(damaged, { file }), `#${index} ${file} damaged`);
    files.push(
      { file: `${index}/${file}`, text },
      { file: `${index}/damaged-${path.basename(file)}`, text: damaged },
    );
  }
});
const perInputMs = performance.now() - started;

const root = await mkdtemp(path.join(os.tmpdir(), 'toolsift-fuzz-'));
for (const { file, text } of files) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
await writeFile(
  path.join(root, 'good-tools.json'),
  JSON.stringify({
    tools: [{ name: 'convert_currency', description: 'Convert an amount of money between currencies.' }],
  }),
);

const catalogStarted = performance.now();
const catalog = await loadCatalog([root]);
const catalogMs = performance.now() - catalogStarted;

const formatCrashes: string[] = [];
for (const target of FORMAT_TARGETS) {
  try {
    formatTools(catalog.tools, target);
  } catch (error) {
    if (!(error instanceof ToolsiftError)) formatCrashes.push(`${target}: ${String(error).slice(0, 200)}`);
  }
}

let selectorOutcome = 'ok';
const selectorStarted = performance.now();
try {
  const selector = await createSelector({ catalog: [root], embedder: 'hash', indexDir: false });
  const selection = await selector.select('convert 20 euros to dollars', { k: 5, abstain: 'never' });
  if (!selection.tools.some((tool) => tool.id === 'convert_currency'))
    selectorOutcome = 'convert_currency not selected';
} catch (error) {
  selectorOutcome = `crash: ${String(error).slice(0, 300)}`;
}
const selectorMs = performance.now() - selectorStarted;
await rm(root, { recursive: true, force: true });

const codes = [...byCode.entries()].sort((a, b) => b[1] - a[1]);
process.stdout.write(
  [
    `documents: ${DOCUMENTS} (seed ${SEED}); inputs loaded one by one: ${inputs} in ${(perInputMs / 1000).toFixed(1)} s`,
    `crashes (a throw that is not a ToolsiftError): ${crashes.length}; invalid outcomes (bad code, tool failing the model): ${problems.length}`,
    `diagnostics by code: ${codes.map(([code, n]) => `${code} ${n}`).join(', ')}`,
    `catalog: ${catalog.files} files (+${catalog.skipped} skipped), ${catalog.tools.length} tools, ${catalog.diagnostics.length} diagnostics in ${(catalogMs / 1000).toFixed(1)} s`,
    `formatters (${FORMAT_TARGETS.length} targets) over the catalog's tools: ${formatCrashes.length} crashes`,
    `selector (hash embedder, in memory) over the whole folder, one query: ${selectorOutcome} in ${(selectorMs / 1000).toFixed(1)} s`,
    ...crashes.slice(0, 10),
    ...problems.slice(0, 10),
    ...formatCrashes,
    '',
  ].join('\n'),
);
process.exitCode =
  crashes.length + problems.length + formatCrashes.length === 0 && selectorOutcome === 'ok' ? 0 : 1;

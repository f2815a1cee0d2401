import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The public data beside the repo: tool-retrieval benchmarks (`bench/`) and published tool catalogs
 * (`corpora/`), converted to a common form. It is not ours, so it is never copied into the repo, and a clone does
 * not have it. Tests run on data we wrote; the few that check something only the public data has read it through
 * this module (test/shared-data.test.ts keeps every other file from naming it) and skip, with one printed line,
 * when it is absent. The benches read it here too, and say where it comes from when it is missing.
 */

/** The environment variable naming the folder of the public data; without it, `shared` beside the repo is read. */
export const SHARED_DIR_ENV = 'TOOLSIFT_SHARED_DIR';

/** The folder of the public data: `$TOOLSIFT_SHARED_DIR` (from the working folder), or `shared` beside the repo. */
export const sharedDir = process.env[SHARED_DIR_ENV]
  ? path.resolve(process.env[SHARED_DIR_ENV])
  : path.resolve(import.meta.dirname, '../../../../shared');

/** The absolute path of `relative` (e.g. `corpora/mcp-tools-list`) inside the public data, present or not. */
export function sharedPath(relative: string): string {
  return path.join(sharedDir, relative);
}

/**
 * For a test that has nothing of ours to run on: the absolute path of `relative` inside the public data when it
 * is there; otherwise prints one line naming the test (`label`) and what it needs, and returns `undefined`, for
 * `describe.skipIf(folder === undefined)`.
 * @example const corpora = sharedDataForTest('corpora', 'corpus conformance');
 */
export function sharedDataForTest(relative: string, label: string): string | undefined {
  const full = sharedPath(relative);
  if (existsSync(full)) return full;
  // Straight to the runner's output: console output fails a test (test/setup/fail-on-console.ts).
  process.stdout.write(
    `skipped ${label}: needs the public data at ${full} (${SHARED_DIR_ENV} names its folder)\n`,
  );
  return undefined;
}

/**
 * For a bench: the absolute path of `relative` inside the public data. When it is missing, prints where the data
 * comes from and how to point at it, and exits with code 1: a bench has nothing to measure without it.
 */
export function sharedDataForBench(relative: string): string {
  const full = sharedPath(relative);
  if (existsSync(full)) return full;
  process.stderr.write(`${missingDataMessage(full)}\n`);
  process.exit(1);
}

// --- internal ---

function missingDataMessage(missing: string): string {
  return [
    `The benches need public data that is not in the repo, and ${missing} is missing.`,
    'They run on public tool-retrieval benchmarks (MetaTool, ToolBench, Seal-Tools, BFCL, Gorilla APIBench,',
    'ToolAlpaca, API-Bank, RestBench) and published tool catalogs (MCP tools/list files, Matimo, OpenAI functions),',
    'each converted from its own repository to one common form; their licences are their own, so the repo does not',
    `carry them. They are read from the folder \`shared\` beside the repo, or from the folder ${SHARED_DIR_ENV}`,
    'names, laid out as:',
    '  bench/<dataset>/tools.jsonl    one tool a line: {"name", "description", "parameters"?}',
    '  bench/<dataset>/queries.jsonl  one query a line: {"id", "query", "gold": [tool names], "split"?, "candidates"?}',
    '                                 (gold [] = no tool fits, null = unknown)',
    '  corpora/<collection>/...       tool metadata files as their projects publish them',
    `For example: ${SHARED_DIR_ENV}=/data/toolsift-shared pnpm bench. The tests do not need it: pnpm test runs on`,
    'data in the repo.',
  ].join('\n');
}

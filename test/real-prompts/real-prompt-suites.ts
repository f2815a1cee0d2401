import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchQuery, readBenchQueries } from '@toolsift/selector';
import { sharedPath } from '@toolsift/test-support/shared-data';

/** One catalog of the real-prompt suite: the prompts written against it and the shared folder it loads from. */
export interface RealPromptSuite {
  /** Short name: the folder under the public data's corpora/ and the prompts file's base name. */
  name: string;
  /** Absolute path of the catalog folder, read in place (never copied into the repo). */
  catalog: string;
  /** Absolute path of the prompts, in the bench's common JSON Lines form. */
  file: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The three catalogs the suite covers, in report order. */
export const REAL_PROMPT_SUITES: readonly RealPromptSuite[] = Object.freeze(
  ['mcp-tools-list', 'matimo', 'openai-functions'].map((name) => ({
    name,
    catalog: sharedPath(`corpora/${name}`),
    file: path.join(here, `${name}.jsonl`),
  })),
);

/** The prompts of one suite (`gold: []` = no tool fits; `goldGroups` = equally right alternatives). */
export function loadRealPrompts(suite: RealPromptSuite): Promise<BenchQuery[]> {
  return readBenchQueries(suite.file);
}

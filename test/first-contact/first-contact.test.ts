import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  listServerTools,
  loadFirstContactSuite,
  NO_TOOL_FILE,
  NPM_SERVERS,
  npmServerEntry,
  RECORDED_SERVERS,
  REFERENCE_SERVERS,
  recordedServerEntry,
  type StdioServerEntry,
  toolListsRoot,
} from './first-contact-suite.js';

// The suite is well formed: enough prompts of each kind, every gold label a tool that the real servers list
// (started from their npm packages and asked with the SDK client), every tool of the small servers asked for.

const folder = tempFolder('toolsift-first-contact-');
const suite = await loadFirstContactSuite();
const prompts = suite.flatMap((file) => file.prompts.map((prompt) => ({ ...prompt, server: file.server })));
const answerable = prompts.filter((prompt) => prompt.gold !== null && prompt.gold.length > 0);
/** Every tool a prompt accepts, as `<server>__<tool>`. */
const accepted = (prompt: (typeof prompts)[number]): string[] => prompt.goldGroups?.flat() ?? [];
const isSharedPresent =
  sharedDataForTest(
    'corpora/mcp-tools-list',
    "the recorded servers' gold tools (test/first-contact/first-contact.test.ts)",
  ) !== undefined;

/** Tools whose description says they are deprecated: no prompt needs them, their replacement is asked for. */
const DEPRECATED = new Set(['filesystem__read_file']);

describe('first-contact suite: shape', () => {
  test('at least 150 prompts, 60 over the four reference servers, and about 15 that need no tool', () => {
    expect(prompts.length).toBeGreaterThanOrEqual(150);
    const reference = prompts.filter((prompt) => REFERENCE_SERVERS.includes(prompt.server));
    expect(reference.length).toBeGreaterThanOrEqual(60);
    expect(prompts.length - answerable.length).toBeGreaterThanOrEqual(15);
  });

  test('one file per server of the gateway config, plus the no-tool prompts', () => {
    const servers = [...NPM_SERVERS, ...RECORDED_SERVERS].map((server) => server.key);
    expect(suite.map((file) => file.server).sort()).toEqual([...servers, NO_TOOL_FILE].sort());
  });

  test('ids and prompts are unique; no-tool prompts are in their own file, and only there', () => {
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(prompts.map((prompt) => prompt.id))).toEqual([]);
    expect(duplicates(prompts.map((prompt) => prompt.query.toLowerCase().trim()))).toEqual([]);
    const misplaced = prompts
      .filter((prompt) => (prompt.gold?.length === 0) !== (prompt.server === NO_TOOL_FILE))
      .map((prompt) => prompt.id);
    expect(misplaced).toEqual([]);
  });

  test("every prompt's gold lists its own server's tools first, without repeats", () => {
    const problems = answerable.flatMap((prompt) => {
      const gold = accepted(prompt);
      const found: string[] = [];
      if (!gold[0]?.startsWith(`${prompt.server}__`)) found.push(`${prompt.id}: first gold ${gold[0]}`);
      if (new Set(gold).size !== gold.length) found.push(`${prompt.id}: a tool listed twice`);
      return found;
    });
    expect(problems).toEqual([]);
  });
});

describe('first-contact suite: gold tools of the servers from npm', () => {
  const listed = new Map<string, Set<string>>();
  beforeAll(async () => {
    for (const server of NPM_SERVERS) {
      listed.set(server.key, await listToolNames(npmServerEntry(server, folder)));
    }
  });

  test.each(NPM_SERVERS.map((server) => [server.key] as const))(
    '%s: every gold tool is one the server lists',
    (key) => {
      expect(missingGold(key, listed.get(key)!)).toEqual([]);
    },
  );

  test.each(NPM_SERVERS.map((server) => [server.key] as const))(
    '%s: every tool but a deprecated one is the first gold of some prompt',
    (key) => {
      const first = new Set(answerable.map((prompt) => accepted(prompt)[0]));
      const unasked = [...listed.get(key)!]
        .map((tool) => `${key}__${tool}`)
        .filter((name) => !first.has(name) && !DEPRECATED.has(name));
      expect(unasked).toEqual([]);
    },
  );
});

describe.skipIf(!isSharedPresent)(
  isPresentTitle('first-contact suite: gold tools of the recorded servers'),
  () => {
    const listed = new Map<string, Set<string>>();
    beforeAll(async () => {
      for (const server of RECORDED_SERVERS) {
        listed.set(server.key, await listToolNames(recordedServerEntry(server)));
      }
    });

    test.each(RECORDED_SERVERS.map((server) => [server.key] as const))(
      '%s: every gold tool is one the recorded list holds',
      (key) => {
        expect(missingGold(key, listed.get(key)!)).toEqual([]);
      },
    );
  },
);

// --- internal ---

function isPresentTitle(title: string): string {
  return isSharedPresent ? title : `${title} SKIPPED: ${toolListsRoot} is absent`;
}

async function listToolNames(entry: StdioServerEntry): Promise<Set<string>> {
  return new Set((await listServerTools(entry)).map((tool) => tool.name));
}

/** The gold tools of server `key` (as `<id>: <server>__<tool>`) that its tool list does not hold. */
function missingGold(key: string, tools: ReadonlySet<string>): string[] {
  return answerable.flatMap((prompt) =>
    accepted(prompt)
      .filter((name) => name.startsWith(`${key}__`) && !tools.has(name.slice(key.length + 2)))
      .map((name) => `${prompt.id}: ${name}`),
  );
}

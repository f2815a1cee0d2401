import { loadTools, type Tool } from '@toolsift/core';
import { createEmbedder, createSelector, type Selection, type Selector } from '@toolsift/selector';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, it } from 'vitest';
import { listServer, NPM_SERVERS, npmServerEntry } from '../first-contact/first-contact-suite.js';

/**
 * Everyday prompts over the tools of the filesystem, memory and everything reference servers, started from npm
 * and listed as they answer today, indexed as the gateway indexes them (`<server>__<tool>`, each tool knowing its
 * server: config key, serverInfo name and title, instructions) and without any overlay: what the ranking makes of
 * the servers' own words.
 */

const folder = tempFolder('toolsift-reference-ranking-');
const KEYS = ['filesystem', 'memory', 'everything'];

let tools: Tool[];
let selector: Selector;
beforeAll(async () => {
  tools = [];
  // One server at a time: the machine's cores are shared with the other tests.
  for (const server of NPM_SERVERS.filter((candidate) => KEYS.includes(candidate.key))) {
    const listed = await listServer(npmServerEntry(server, folder));
    const { tools: loaded } = loadTools(
      { tools: listed.tools.map((tool) => ({ ...tool, name: `${server.key}__${tool.name}` })) },
      { format: 'mcp', file: `upstream "${server.key}"` },
    );
    const info = listed.serverInfo;
    for (const tool of loaded) {
      tools.push({
        ...tool,
        server: {
          name: server.key,
          aliases: info === undefined ? [] : [info.name],
          ...(info?.title === undefined ? {} : { title: info.title }),
          ...(listed.instructions === undefined ? {} : { description: listed.instructions }),
        },
      });
    }
  }
  const embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  selector = await createSelector({ catalog: tools, embedder, indexDir: false, checkRules: true });
}, 180_000);

const ids = (selection: Selection): string[] => selection.tools.map((tool) => tool.id);
const isWrite = (id: string): boolean =>
  tools.find((tool) => tool.id === id)?.annotations?.readOnlyHint === false;

describe('the reference servers in everyday words, without overlays (use-lite)', () => {
  it('ranks the deprecated read_file just below read_text_file, which it names', async () => {
    const selection = await selector.select('read the notes file', { k: 5, abstain: false });
    const found = ids(selection);
    expect(found.indexOf('filesystem__read_file')).toBe(found.indexOf('filesystem__read_text_file') + 1);
    const deprecated = selection.tools.find((tool) => tool.id === 'filesystem__read_file');
    expect(deprecated?.reasons.find((reason) => reason.kind === 'deprecated')?.message).toMatch(
      /^deprecated \(".*DEPRECATED: Use read_text_file instead\."\): ranked below its replacement filesystem__read_text_file$/,
    );
  });

  it.each(['save this text to todo.md', 'put this in notes.txt', 'make a new folder called drafts'])(
    'selects a write first for "%s", no read among the writes',
    async (prompt) => {
      const selection = await selector.select(prompt, { k: 5 });
      const first = ids(selection)[0]!;
      expect(isWrite(first)).toBe(true);
      const reads = selection.tools.filter((tool) => !isWrite(tool.id));
      for (const read of reads)
        expect(read.reasons.find((reason) => reason.kind === 'action')?.details).toMatchObject({
          toolAction: 'read',
        });
    },
  );

  it('selects a write first for "make a new folder called drafts"', async () => {
    const selection = await selector.select('make a new folder called drafts', { k: 5 });
    expect(isWrite(ids(selection)[0]!)).toBe(true);
  });

  it('does not empty "forget everything about Bob": it asks to delete, and the memory server deletes', async () => {
    const selection = await selector.select('forget everything about Bob', { k: 5 });
    expect(selection.tools.length).toBe(5);
    expect(selection.warnings.map((warning) => warning.code)).not.toContain('ABSTAINED');
  });

  it("indexes each tool under its server's words: the instructions that name it, the name within it", () => {
    const views = selector.views('everything__toggle-simulated-logging');
    expect(views.find((view) => view.kind === 'server')?.text).toMatch(/toggle-simulated-logging/);
    expect(views.find((view) => view.kind === 'description')?.text).not.toMatch(/everything/i);
  });
});

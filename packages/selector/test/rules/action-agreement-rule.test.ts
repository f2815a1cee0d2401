import { describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

// Four tools about files in a repository, three of them named for what they do.
const fileTools = [
  makeTool({ id: 'create_file', description: 'Create a file in the repository, with its content.' }),
  makeTool({ id: 'delete_file', description: 'Delete a file from the repository files.' }),
  makeTool({ id: 'list_files', description: 'List the files in a folder of the repository.' }),
  makeTool({
    id: 'file_contents',
    description: 'Contents of a file in the repository.',
    annotations: { readOnlyHint: true },
  }),
];

describe('action agreement', () => {
  it('demotes tools that write when the prompt asks to read, and says why', async () => {
    const selector = await rulesSelector(fileTools);
    const selection = await selector.select('list the repository files', { k: 4, abstain: false });
    const ids = idsOf(selection);
    expect(ids.slice(0, 2).sort()).toEqual(['file_contents', 'list_files']);
    const deleted = selection.tools.find((tool) => tool.id === 'delete_file');
    const reason = deleted?.reasons.find((entry) => entry.kind === 'action');
    expect(reason?.message).toBe(
      'the prompt asks to read ("list"); this tool\'s name says it deletes ("delete"): score -0.5',
    );
    expect(reason?.details).toMatchObject({ toolAction: 'delete', source: 'name', penalty: 0.5 });
    // Reads are never demoted.
    for (const id of ['list_files', 'file_contents']) {
      const tool = selection.tools.find((entry) => entry.id === id);
      expect(tool?.reasons.some((entry) => entry.kind === 'action')).toBe(false);
    }
  });

  it('leaves the tool that does what the prompt asks, and reads, alone', async () => {
    const selector = await rulesSelector(fileTools);
    const selection = await selector.select('delete the file from the repository', { k: 4, abstain: false });
    expect(idsOf(selection)[0]).toBe('delete_file');
    const demoted = selection.tools.filter((tool) => tool.reasons.some((entry) => entry.kind === 'action'));
    expect(idsOf({ tools: demoted })).toEqual(['create_file']);
  });

  it('does nothing for a prompt without a known verb, or when the penalty is 0', async () => {
    const selector = await rulesSelector(fileTools);
    const withoutVerb = await selector.select('repository files', { k: 4, abstain: false });
    const withoutPenalty = await selector.select('list the repository files', {
      k: 4,
      abstain: false,
      ruleWeights: { writeMismatchPenalty: 0 },
    });
    for (const selection of [withoutVerb, withoutPenalty]) {
      expect(selection.tools.flatMap((tool) => tool.reasons).some((entry) => entry.kind === 'action')).toBe(
        false,
      );
    }
  });

  it("demotes a tool that is not read-only by MCP's annotations when the prompt asks to write nothing", async () => {
    const selector = await rulesSelector([
      ...fileTools,
      makeTool({
        id: 'starring_repository',
        description: 'Star a repository.',
        annotations: { readOnlyHint: false },
      }),
      makeTool({
        id: 'stargazers',
        description: 'Users who starred a repository.',
        annotations: { readOnlyHint: true },
      }),
    ]);
    const actionOf = async (prompt: string) =>
      (await selector.select(prompt, { k: 6, abstain: false })).tools
        .find((tool) => tool.id === 'starring_repository')
        ?.reasons.find((entry) => entry.kind === 'action');
    expect((await actionOf('who starred the repository'))?.message).toBe(
      'the prompt asks to read ("who"); this tool\'s readOnlyHint annotation says it writes (readOnlyHint: false): score -0.5',
    );
    // Any write the prompt asks for may be the one it does; a prompt without a known verb asks nothing.
    expect(await actionOf('add a star to the repository')).toBeUndefined();
    expect(await actionOf('star the repository')).toBeUndefined();
  });

  it('demotes a tool that acts (send, merge) for a prompt that asks to read; a prompt that acts allows any write', async () => {
    const selector = await rulesSelector([
      ...fileTools,
      makeTool({ id: 'send_file', description: 'Send a file of the repository by email.' }),
    ]);
    const demotedIn = async (prompt: string) =>
      idsOf({
        tools: (await selector.select(prompt, { k: 5, abstain: false })).tools.filter((tool) =>
          tool.reasons.some((entry) => entry.kind === 'action'),
        ),
      }).sort();
    expect(await demotedIn('which files are in the repository')).toEqual([
      'create_file',
      'delete_file',
      'send_file',
    ]);
    expect(await demotedIn('send the repository files')).toEqual([]);
  });

  it('warns when the best tool left still does another action than the prompt asks', async () => {
    const writesOnly = await rulesSelector(fileTools.filter((tool) => tool.id.endsWith('_file')));
    const selection = await writesOnly.select('list the repository files', { k: 2, abstain: false });
    const warning = selection.warnings.find((entry) => entry.code === 'ACTION_MISMATCH');
    expect(warning?.toolId).toBe(idsOf(selection)[0]);
    expect(warning?.message).toMatch(
      /^the best tool, (create|delete)_file, may not do what the prompt asks: the prompt asks to read \("list"\); this tool's name says it (creates|deletes) \("(create|delete)"\)$/,
    );
    const withReads = await (await rulesSelector(fileTools)).select('list the repository files', {
      k: 2,
      abstain: false,
    });
    expect(withReads.warnings.some((entry) => entry.code === 'ACTION_MISMATCH')).toBe(false);
  });

  it('is off in a catalog where few tools say what they do', async () => {
    const fewVerbs = [
      makeTool({ id: 'delete_file', description: 'Delete a file from the repository files.' }),
      ...['FileTool', 'RepoTool', 'NewsTool', 'BookTool'].map((id) =>
        makeTool({ id, description: `${id}: files in the repository.` }),
      ),
    ];
    const selector = await rulesSelector(fewVerbs);
    const selection = await selector.select('list the repository files', { k: 5, abstain: false });
    expect(selection.tools.flatMap((tool) => tool.reasons).some((entry) => entry.kind === 'action')).toBe(
      false,
    );
  });
});

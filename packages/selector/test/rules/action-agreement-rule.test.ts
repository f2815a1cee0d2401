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
        id: 'repository_star',
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
        .find((tool) => tool.id === 'repository_star')
        ?.reasons.find((entry) => entry.kind === 'action');
    // Not "who starred it": `starred` is a form of `star`, a write, so that prompt allows any.
    expect((await actionOf('who are the stargazers of the repository'))?.message).toBe(
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

  describe('a write that says where it goes', () => {
    const workspaceTools = [
      ...fileTools,
      makeTool({
        id: 'write_file',
        description: 'Write text into a file of the repository, replacing what it held.',
        annotations: { readOnlyHint: false },
      }),
      makeTool({ id: 'edit_file', description: 'Edit lines of a file in the repository.' }),
    ];
    const verdicts = async (prompt: string) => {
      const selection = await (await rulesSelector(workspaceTools)).select(prompt, { k: 6, abstain: false });
      return Object.fromEntries(
        selection.tools.map((tool) => [
          tool.id,
          tool.reasons.find((entry) => entry.kind === 'action')?.details ?? null,
        ]),
      );
    };

    it.each([
      { prompt: 'save this text to todo.md', target: 'todo.md' },
      { prompt: 'store my shopping list in a file', target: 'file' },
      { prompt: 'write the summary into a new file', target: 'file' },
    ])('demotes reads for "$prompt", which asks only to write, to $target', async ({ prompt, target }) => {
      const found = await verdicts(prompt);
      for (const read of ['list_files', 'file_contents'])
        expect(found[read]).toMatchObject({ toolAction: 'read', target, penalty: 1 });
      expect(found.write_file).toBeNull();
    });

    it('says why in the reason', async () => {
      const selection = await (await rulesSelector(workspaceTools)).select('save this text to todo.md', {
        k: 6,
        abstain: false,
      });
      const listFiles = selection.tools.find((tool) => tool.id === 'list_files');
      expect(listFiles?.reasons.find((entry) => entry.kind === 'action')?.message).toBe(
        'the prompt asks to create ("save"), update ("save"), and names the file it writes to ("todo.md"); ' +
          'this tool\'s name says it reads ("list"): score -1',
      );
    });

    it('a file the write goes to may exist: it asks to update too ("add a line to log.txt")', async () => {
      const found = await verdicts('add a line to the end of log.txt');
      expect(found.edit_file).toBeNull();
      expect(found.list_files).toMatchObject({ toolAction: 'read', target: 'log.txt' });
    });

    it.each([
      // A read asked beside the write: the read may be what it needs.
      'show me notes.txt and save a copy to backup.txt',
      'delete the stale branches',
      // No file: a write often needs a read first.
      'create an issue about the crash',
      'make a new folder for the drafts',
    ])('leaves reads alone for "%s"', async (prompt) => {
      const found = await verdicts(prompt);
      for (const read of ['list_files', 'file_contents']) if (read in found) expect(found[read]).toBeNull();
    });
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

  describe('states', () => {
    // Issue tools in the shape of GitHub's MCP server: two update, one sets the state, one lists by state.
    const stateParameter = (values: string[]) => ({
      type: 'object',
      properties: { issue_number: { type: 'number' }, state: { type: 'string', enum: values } },
    });
    const issueTools = [
      makeTool({ id: 'update_issue_title', description: 'Update the title of an issue, by its number.' }),
      makeTool({ id: 'update_issue_body', description: 'Update the body of an issue, by its number.' }),
      makeTool({
        id: 'update_issue_state',
        description: 'Set the state of an issue.',
        parameters: stateParameter(['open', 'closed']),
      }),
      makeTool({
        id: 'list_issues',
        description: 'List the issues of a repository.',
        parameters: stateParameter(['OPEN', 'CLOSED']),
      }),
      makeTool({ id: 'get_issue', description: 'Get an issue by its number.' }),
    ];
    const reasonsIn = async (prompt: string) => {
      const selection = await (await rulesSelector(issueTools)).select(prompt, { k: 5, abstain: false });
      return Object.fromEntries(
        selection.tools.map((tool) => [
          tool.id,
          tool.reasons.filter((entry) => entry.kind.startsWith('action')).map((entry) => entry.message),
        ]),
      );
    };

    it.each([
      {
        prompt: 'close issue 12',
        expected: {
          update_issue_state: [
            expect.stringMatching(
              /^the prompt names a state this tool takes \("close": "closed"\): score \+/,
            ),
          ],
          update_issue_title: [
            'the prompt asks to update ("close"); this tool\'s name says it updates ("update") but takes no state the prompt names ("close"): score -0.5',
          ],
          update_issue_body: [expect.stringMatching(/but takes no state the prompt names \("close"\)/)],
          list_issues: [],
          get_issue: [],
        },
      },
      {
        // `closed` is the state as the tools declare it: it names what to list, and asks for no update.
        prompt: 'list the closed issues',
        expected: {
          // The best tool already: scores are scaled back so that it is 1.
          list_issues: [
            'the prompt names a state this tool takes ("closed": "CLOSED"): score +0.5, then every score x0.667 so that the best is 1',
          ],
          update_issue_state: [
            'the prompt asks to read ("list"); this tool\'s name says it updates ("update"), setting a state the prompt names ("closed": "closed"): score -1',
          ],
          update_issue_title: [expect.stringMatching(/^the prompt asks to read \("list"\);.*: score -0.5$/)],
          update_issue_body: [expect.stringMatching(/: score -0.5$/)],
          get_issue: [],
        },
      },
      {
        // Another update word: the title tool does what it asks.
        prompt: 'rename issue 12 and close it',
        expected: {
          update_issue_state: [expect.stringMatching(/^the prompt names a state/)],
          update_issue_title: [],
          update_issue_body: [],
          list_issues: [],
          get_issue: [],
        },
      },
    ])('"$prompt"', async ({ prompt, expected }) => {
      expect(await reasonsIn(prompt)).toEqual(expected);
    });

    it('ranks the tool that takes the state above the ones that do not, and keeps scores in [0, 1]', async () => {
      const selector = await rulesSelector(issueTools);
      const selection = await selector.select('close issue 12', { k: 5, abstain: false });
      const ids = idsOf(selection);
      expect(ids.indexOf('update_issue_state')).toBeLessThan(ids.indexOf('update_issue_title'));
      expect(ids.indexOf('update_issue_state')).toBeLessThan(ids.indexOf('update_issue_body'));
      const listed = await selector.select('list the closed issues', { k: 5, abstain: false });
      expect(idsOf(listed)[0]).toBe('list_issues');
      for (const tool of [...selection.tools, ...listed.tools]) {
        expect(tool.score).toBeGreaterThanOrEqual(0);
        expect(tool.score).toBeLessThanOrEqual(1);
      }
    });

    it('leaves a tool named for the state alone, and does nothing when no tool takes one', async () => {
      const selector = await rulesSelector([
        ...issueTools,
        makeTool({ id: 'close_issue', description: 'Close an issue, by its number.' }),
      ]);
      const selection = await selector.select('close issue 12', { k: 6, abstain: false });
      const closeIssue = selection.tools.find((tool) => tool.id === 'close_issue');
      expect(closeIssue?.reasons.some((entry) => entry.kind.startsWith('action'))).toBe(false);
      const stateless = await (
        await rulesSelector(
          issueTools.filter((tool) => !tool.id.endsWith('state') && tool.id !== 'list_issues'),
        )
      ).select('close issue 12', { k: 5, abstain: false });
      expect(
        stateless.tools.flatMap((tool) => tool.reasons).some((entry) => entry.kind.startsWith('action')),
      ).toBe(false);
    });
  });
});

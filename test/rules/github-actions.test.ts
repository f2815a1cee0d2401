import path from 'node:path';
import { createEmbedder, createSelector, type Selection, type Selector } from '@toolsift/selector';
import { DEV_TOOLS_FOLDER } from '@toolsift/test-support/dev-tools';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, it } from 'vitest';

// A code host's MCP server as we wrote it (test/support/fixtures/dev-tools/code-host.tools.json): GitHub's tool names,
// with the granular update tools beside the ones that take a state, and our own descriptions.
const catalog = path.join(DEV_TOOLS_FOLDER, 'code-host.tools.json');

let selector: Selector;
beforeAll(async () => {
  const embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  selector = await createSelector({ catalog, embedder, indexDir: false, checkRules: true });
}, 120_000);

const ids = (selection: Selection): string[] => selection.tools.map((tool) => tool.id);

describe("what a tool does, over a code host's MCP tools (use-lite)", () => {
  it.each([
    // `open` names the state to list by; update_pull_request_state sets it, and ranked first before.
    { prompt: 'show me open pull requests', firsts: ['list_pull_requests', 'search_pull_requests'] },
    // `close` asks to update the state: update_issue_title updates too, but takes no state.
    { prompt: 'close issue 12', firsts: ['update_issue_state', 'issue_write'] },
    { prompt: 'list closed issues', firsts: ['list_issues', 'search_issues'] },
    { prompt: 'close pull request 3', firsts: ['update_pull_request_state', 'update_pull_request'] },
  ])('"$prompt" ranks one of $firsts first', async ({ prompt, firsts }) => {
    const selection = await selector.select(prompt, { k: 5, abstain: false });
    expect(firsts).toContain(ids(selection)[0]);
  });

  it('says why: the state the prompt names, and the tools that write instead', async () => {
    const open = await selector.select('show me open pull requests', { k: 10, abstain: false });
    const reasons = (id: string) =>
      open.tools.find((tool) => tool.id === id)?.reasons.filter((reason) => reason.kind.startsWith('action'));
    expect(reasons('list_pull_requests')?.map((reason) => reason.message)).toEqual([
      expect.stringMatching(/^the prompt names a state this tool takes \("open": "open"\): score \+/),
    ]);
    // Demoted twice: it writes, and sets the state the prompt lists by (out of the top 10 now).
    expect(ids(open)).not.toContain('update_pull_request_state');
    expect(selector.actionOf('update_pull_request_state')?.action?.action).toBe('update');

    const close = await selector.select('close issue 12', { k: 10, abstain: false });
    const title = close.tools.find((tool) => tool.id === 'update_issue_title');
    expect(title?.reasons.find((reason) => reason.kind === 'action')?.message).toBe(
      'the prompt asks to update ("close"); this tool\'s name says it updates ("update") but takes no state ' +
        'the prompt names ("close"): score -0.5',
    );
  });
});

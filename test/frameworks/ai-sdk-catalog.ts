import { loadCatalog, type Tool } from '@toolsift/core';
import { DEV_CONVERSATION, DEV_TOOLS_PATHS } from '@toolsift/test-support/dev-tools';

/**
 * The tools of a developer's assistant (metadata/ and our code-host and build-server MCP fixtures) as an AI SDK
 * tool set, keyed by tool id; `toTool` builds each tool with one `ai` version's `tool()` and `jsonSchema()`, so
 * the v5 and v6 tests share the rest.
 */
export async function catalogToolSet<TTool>(
  toTool: (entry: Tool) => TTool,
): Promise<{ catalog: Tool[]; tools: Record<string, TTool> }> {
  const { tools: catalog } = await loadCatalog([...DEV_TOOLS_PATHS]);
  return { catalog, tools: Object.fromEntries(catalog.map((entry) => [entry.id, toTool(entry)])) };
}

/** A conversation over the catalog: what the user says in each turn, and the tool that answers it. */
export const CONVERSATION = DEV_CONVERSATION;

/** The scripted model's part of `CONVERSATION`: the tool it calls for each user turn. */
export const CONVERSATION_SCRIPT: Readonly<Record<string, string>> = {
  [CONVERSATION.firstTurn]: CONVERSATION.firstTool,
  [CONVERSATION.secondTurn]: CONVERSATION.secondTool,
};

/** Another conversation, served by the same toolsift object at the same time. */
export const OTHER_CONVERSATION = {
  firstTurn: 'Merge pull request 42 in octocat/hello-world',
  firstTool: 'merge_pull_request',
} as const;

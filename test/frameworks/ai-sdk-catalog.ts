import path from 'node:path';
import { loadCatalog, type Tool } from '@toolsift/core';

/** The MCP `tools/list` corpus (GitHub's MCP server and the docker MCP registry): 872 real tools. */
export const MCP_CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/mcp-tools-list');

/** The corpus's tools, as an agent connected to all those MCP servers would hold them. */
export async function corpusTools(): Promise<Tool[]> {
  const { tools } = await loadCatalog([MCP_CORPUS]);
  return tools;
}

/**
 * The corpus as an AI SDK tool set, keyed by tool id; `toTool` builds each tool with one `ai` version's `tool()`
 * and `jsonSchema()`, so the v5 and v6 tests share the rest.
 */
export async function corpusToolSet<TTool>(
  toTool: (entry: Tool) => TTool,
): Promise<{ catalog: Tool[]; tools: Record<string, TTool> }> {
  const catalog = await corpusTools();
  return { catalog, tools: Object.fromEntries(catalog.map((entry) => [entry.id, toTool(entry)])) };
}

/** A conversation over the corpus: what the user says in each turn, and the tool that answers it. */
export const CONVERSATION = {
  firstTurn: 'Trigger a new build of the payments pipeline for commit abc123',
  firstTool: 'create_build',
  // A follow-up in another domain: nothing in it ranks the build tool, so only stickiness keeps it offered.
  secondTurn: "Open a GitHub issue in octocat/payments titled 'Checkout test is flaky'",
  secondTool: 'create_issue',
} as const;

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

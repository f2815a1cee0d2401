import { loadCatalog } from '@toolsift/core';
import { DEV_CONVERSATION, DEV_TOOLS_PATHS } from '@toolsift/test-support/dev-tools';

/** A tool as the adapters' frameworks define one: a name, a description and JSON Schema parameters. */
export interface CatalogTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A user turn and the one tool that answers it. */
export interface TurnPrompt {
  query: string;
  gold: string;
}

/**
 * The catalog the adapter tests run on (metadata/ and our code-host and build-server MCP fixtures, about 110
 * tools, test/support/fixtures/dev-tools) and the two turns of a conversation over it, each answered by one of its tools:
 * a build, then an issue (another domain). The tools come by name too.
 */
export async function conversationSlice(): Promise<{
  catalog: CatalogTool[];
  buildTurn: TurnPrompt;
  issueTurn: TurnPrompt;
  byName: Map<string, CatalogTool>;
}> {
  const catalog = (await loadCatalog([...DEV_TOOLS_PATHS])).tools.map((tool) => ({
    name: tool.id,
    description: tool.description,
    parameters: tool.parameters,
  }));
  return {
    catalog,
    buildTurn: { query: DEV_CONVERSATION.firstTurn, gold: DEV_CONVERSATION.firstTool },
    issueTurn: { query: DEV_CONVERSATION.secondTurn, gold: DEV_CONVERSATION.secondTool },
    byName: new Map(catalog.map((tool) => [tool.name, tool])),
  };
}

/** Arguments for a scripted call: a placeholder for every required property, typed as the schema says. */
export function placeholderArguments(tool: CatalogTool): Record<string, unknown> {
  const properties = (tool.parameters.properties ?? {}) as Record<string, { type?: string }>;
  const required = (tool.parameters.required ?? []) as string[];
  return Object.fromEntries(
    required.map((name) => {
      const type = properties[name]?.type;
      return [
        name,
        type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : `${name} value`,
      ];
    }),
  );
}

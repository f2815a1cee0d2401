import type { Tool as AgentTool } from '@openai/agents';
import { checkMetadataNames } from '../shared/check-metadata-names.js';
import type { CodeToolDefinition, ToolsiftMetadata } from '../shared/code-tool-definition.js';

/** The function tools of an agent's tool list (the only kind whose offer the selection decides). */
export type AgentFunctionTool<TContext> = Extract<AgentTool<TContext>, { type: 'function' }>;

/**
 * The function tools of an OpenAI Agents SDK agent as toolsift code definitions: name, description and the
 * JSON Schema `parameters` the SDK already holds (a zod schema given to `tool()` is converted by the SDK), plus
 * toolsift metadata by tool name. Other tools (hosted, computer, shell) are not selectable and are left out.
 * Throws UNKNOWN_TOOL when `metadata` names a tool the list does not have.
 * @example const definitions = agentToolDefinitions(agent.tools, { send_email: { notFor: 'chat messages' } });
 */
export function agentToolDefinitions<TContext>(
  tools: readonly AgentTool<TContext>[],
  metadata: Readonly<Record<string, ToolsiftMetadata>> = {},
): CodeToolDefinition[] {
  const functionTools = tools.filter(isFunctionTool);
  checkMetadataNames({
    metadata,
    toolNames: functionTools.map((tool) => tool.name),
    toolsWord: "the agent's function tools",
  });
  return functionTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as Record<string, unknown>,
    ...(metadata[tool.name] !== undefined ? { metadata: metadata[tool.name] } : {}),
  }));
}

/** Whether an agent tool is a function tool. */
export function isFunctionTool<TContext>(tool: AgentTool<TContext>): tool is AgentFunctionTool<TContext> {
  return tool.type === 'function';
}

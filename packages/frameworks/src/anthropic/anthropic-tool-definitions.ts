import { checkMetadataNames } from '../shared/check-metadata-names.js';
import type { CodeToolDefinition, ToolsiftMetadata } from '../shared/code-tool-definition.js';
import type { AnthropicToolDefinition } from './anthropic-types.js';

/**
 * Anthropic Messages API tools (custom tools or the SDK's runnable tools) as toolsift code definitions: name,
 * description and `input_schema`, plus toolsift metadata by tool name. UNKNOWN_TOOL when `metadata` names a tool
 * the list does not have.
 * @example const definitions = anthropicToolDefinitions(tools, { send_email: { notFor: 'chat messages' } });
 */
export function anthropicToolDefinitions(
  tools: readonly AnthropicToolDefinition[],
  metadata: Readonly<Record<string, ToolsiftMetadata>> = {},
): CodeToolDefinition[] {
  checkMetadataNames({ metadata, toolNames: tools.map((tool) => tool.name), toolsWord: 'the tools' });
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // A tool without one (a built-in client tool) is reported by `toolsFromCode` as METADATA_INVALID.
    inputSchema: tool.input_schema as Record<string, unknown>,
    ...(metadata[tool.name] !== undefined ? { metadata: metadata[tool.name] } : {}),
  }));
}

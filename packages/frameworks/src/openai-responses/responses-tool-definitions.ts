import { checkMetadataNames } from '../shared/check-metadata-names.js';
import type { CodeToolDefinition, ToolsiftMetadata } from '../shared/code-tool-definition.js';
import type { ResponsesFunctionDefinition } from './responses-types.js';

/**
 * Responses API function tools as toolsift code definitions: name, description and `parameters`, plus toolsift
 * metadata by tool name. UNKNOWN_TOOL when `metadata` names a tool the list does not have.
 * @example const definitions = responsesToolDefinitions(functions, { send_email: { notFor: 'chat messages' } });
 */
export function responsesToolDefinitions(
  tools: readonly ResponsesFunctionDefinition[],
  metadata: Readonly<Record<string, ToolsiftMetadata>> = {},
): CodeToolDefinition[] {
  checkMetadataNames({ metadata, toolNames: tools.map((tool) => tool.name), toolsWord: 'the functions' });
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? undefined,
    // A function without parameters is reported by `toolsFromCode` as METADATA_INVALID.
    inputSchema: tool.parameters as Record<string, unknown>,
    ...(metadata[tool.name] !== undefined ? { metadata: metadata[tool.name] } : {}),
  }));
}

import type { BindToolsInput } from '@langchain/core/language_models/chat_models';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { checkMetadataNames } from '../shared/check-metadata-names.js';
import type { CodeToolDefinition, ToolsiftMetadata } from '../shared/code-tool-definition.js';

/**
 * LangChain tools as toolsift code definitions: anything `bindTools` accepts (a `tool()` or `StructuredTool` with
 * a zod 3, zod 4 or JSON Schema schema, an OpenAI tool definition, `{ name, description, schema }`), converted
 * with LangChain's own `convertToOpenAITool`, plus toolsift metadata by tool name. Throws UNKNOWN_TOOL when
 * `metadata` names a tool the list does not have.
 * @example const definitions = langChainToolDefinitions([searchTool, emailTool], { send_email: { notFor: 'chat' } });
 */
export function langChainToolDefinitions(
  tools: readonly BindToolsInput[],
  metadata: Readonly<Record<string, ToolsiftMetadata>> = {},
): CodeToolDefinition[] {
  if (!Array.isArray(tools)) {
    throw new ToolsiftError(
      ErrorCode.MetadataInvalid,
      `the LangChain tools must be an array of tools (what bindTools takes), got ${tools === null ? 'null' : typeof tools}`,
    );
  }
  const definitions = tools.map((tool, index) => {
    let converted: ReturnType<typeof convertToOpenAITool>;
    try {
      converted = convertToOpenAITool(tool);
    } catch (error) {
      throw new ToolsiftError(
        ErrorCode.MetadataInvalid,
        `tools[${index}] is not a tool LangChain can bind: ${error instanceof Error ? error.message : String(error)}`,
        { index },
        { cause: error },
      );
    }
    const { name, description, parameters } = converted.function;
    return {
      name,
      ...(description !== undefined ? { description } : {}),
      inputSchema: (parameters ?? { type: 'object', properties: {} }) as Record<string, unknown>,
      ...(metadata[name] !== undefined ? { metadata: metadata[name] } : {}),
    };
  });
  checkMetadataNames({
    metadata,
    toolNames: definitions.map((definition) => definition.name),
    toolsWord: 'the tools',
  });
  return definitions;
}

import { ErrorCode, isRecord, type JsonSchema, ToolsiftError } from '@toolsift/core';
import { asSchema } from 'ai';
import { checkMetadataNames } from '../shared/check-metadata-names.js';
import type { CodeToolDefinition, ToolsiftMetadata } from '../shared/code-tool-definition.js';
import type { AiSdkToolSet } from './ai-sdk-types.js';

/** Options of `fromAiSdkTools`. */
export interface FromAiSdkToolsOptions {
  /** Toolsift metadata per tool name (use cases, not-for, prerequisites, conflicts...). */
  metadata?: Readonly<Record<string, ToolsiftMetadata>> | undefined;
}

/**
 * Code tool definitions from an AI SDK tool set: each input schema (zod 3, zod 4, `jsonSchema()`, standard
 * schema) becomes JSON Schema through the AI SDK's own `asSchema`. Metadata naming no tool of the set is an
 * UNKNOWN_TOOL error; a schema that cannot be converted is METADATA_INVALID naming the tool.
 * @example const selector = await createCodeSelector({ tools: await fromAiSdkTools(tools) });
 */
export async function fromAiSdkTools(
  tools: AiSdkToolSet,
  options: FromAiSdkToolsOptions = {},
): Promise<CodeToolDefinition[]> {
  if (!isRecord(tools)) {
    throw new ToolsiftError(
      ErrorCode.MetadataInvalid,
      `the AI SDK tools must be a tool set (an object of name -> tool), got ${tools === null ? 'null' : typeof tools}`,
    );
  }
  const names = Object.keys(tools);
  const metadata = options.metadata ?? {};
  checkMetadataNames({ metadata, toolNames: names, toolsWord: 'the tools of the tool set' });
  return Promise.all(
    names.map(async (name) => {
      const tool = tools[name];
      const toolMetadata = metadata[name];
      return {
        name,
        description: tool?.description,
        inputSchema: await inputJsonSchema(name, tool?.inputSchema),
        ...(toolMetadata !== undefined ? { metadata: toolMetadata } : {}),
      };
    }),
  );
}

// --- internal ---

async function inputJsonSchema(name: string, inputSchema: unknown): Promise<JsonSchema> {
  // A tool without a schema takes no input (provider tools may have none).
  if (inputSchema === undefined) return { type: 'object', properties: {} };
  let schema: unknown;
  try {
    schema = await asSchema(inputSchema as Parameters<typeof asSchema>[0]).jsonSchema;
  } catch (error) {
    throw new ToolsiftError(
      ErrorCode.MetadataInvalid,
      `tool "${name}": its inputSchema could not be converted to JSON Schema (expected a zod 3/4 schema, a jsonSchema() or a standard schema): ${error instanceof Error ? error.message : String(error)}`,
      { tool: name },
      { cause: error },
    );
  }
  if (!isRecord(schema)) {
    throw new ToolsiftError(
      ErrorCode.MetadataInvalid,
      `tool "${name}": its inputSchema converts to ${schema === null ? 'null' : typeof schema}, expected a JSON Schema object`,
      { tool: name },
    );
  }
  return schema;
}

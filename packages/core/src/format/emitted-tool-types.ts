import type { JsonSchema, ToolAnnotations } from '../model/tool.js';

/** A JSON Schema whose root is an object: what every provider wants as a tool's parameters. */
export interface ObjectSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** OpenAI Chat Completions function tool (`tools[]` of `chat.completions.create`). */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: ObjectSchema;
    /** Present (true or false) for the `openai-strict` target only. */
    strict?: boolean;
  };
}

/** OpenAI Responses API function tool (`tools[]` of `responses.create`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: ObjectSchema;
  strict: boolean;
}

/** Anthropic Messages API client tool (`tools[]` of `messages.create`). */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: ObjectSchema;
  /** Example inputs, from the tool's examples that have object inputs. */
  input_examples?: Record<string, unknown>[];
}

/** The type names of Gemini's OpenAPI schema subset (lower case, as the REST API accepts them). */
export type GeminiSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/** A schema in Gemini's OpenAPI subset: only these keywords, one type, `nullable` instead of unions. */
export interface GeminiSchema {
  type: GeminiSchemaType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  /** Only on strings. */
  enum?: string[];
  items?: GeminiSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** Gemini function declaration; a request sends them as `tools: [{ functionDeclarations: [...] }]`. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** Absent when the tool takes no parameters. */
  parameters?: GeminiSchema & { type: 'object' };
}

/** MCP `Tool` as listed by `tools/list`. */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: ObjectSchema;
  /** The tool's result schema, when it is an object schema. */
  outputSchema?: ObjectSchema;
  annotations?: ToolAnnotations;
}

/** A tool as plain JSON Schema documents (draft 2020-12), for frameworks without a provider format. */
export interface JsonSchemaTool {
  name: string;
  title?: string;
  description?: string;
  parameters: ObjectSchema;
  result?: JsonSchema;
}

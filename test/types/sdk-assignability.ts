/**
 * Compile-time checks (run by `tsc -p tsconfig.json`): what the emitters return is assignable, without
 * casts, to the official SDK types. Nothing here runs.
 */
import type {
  Tool as AnthropicSdkTool,
  ToolUnion as AnthropicToolUnion,
} from '@anthropic-ai/sdk/resources/messages';
import type { ListToolsResult, Tool as McpSdkTool } from '@modelcontextprotocol/sdk/types.js';
import {
  type FormatTargetTools,
  formatTools,
  type Tool,
  toAnthropicTools,
  toMcpTools,
  toOpenAIResponsesTools,
  toOpenAIStrictTools,
  toOpenAITools,
} from '@toolsift/core';
import type { ChatCompletionFunctionTool, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool, Tool as ResponsesTool } from 'openai/resources/responses/responses';

declare const tools: readonly Tool[];

// OpenAI Chat Completions: plain and strict.
export const chatTools: ChatCompletionTool[] = toOpenAITools(tools).tools;
export const strictTools: ChatCompletionFunctionTool[] = toOpenAIStrictTools(tools).tools;
export const viaDispatcher: ChatCompletionTool[] = formatTools(tools, 'openai-strict').tools;

// OpenAI Responses API.
export const responsesTools: FunctionTool[] = toOpenAIResponsesTools(tools).tools;
export const responsesUnion: ResponsesTool[] = formatTools(tools, 'openai-responses').tools;

// Anthropic Messages API.
export const anthropicTools: AnthropicSdkTool[] = toAnthropicTools(tools).tools;
export const anthropicUnion: AnthropicToolUnion[] = formatTools(tools, 'anthropic').tools;

// MCP: single tools and a whole tools/list result.
export const mcpTools: McpSdkTool[] = toMcpTools(tools).tools;
export const listResult: ListToolsResult = { tools: formatTools(tools, 'mcp').tools };

// The checks have teeth: shapes of other targets are rejected.
declare const jsonSchemaTool: FormatTargetTools['json-schema'];
declare const geminiTool: FormatTargetTools['gemini'];
// @ts-expect-error a JSON Schema tool has no `type: 'function'` wrapper
export const notChat: ChatCompletionTool = jsonSchemaTool;
// @ts-expect-error a Gemini declaration has no input_schema
export const notAnthropic: AnthropicSdkTool = geminiTool;

export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type { ToolSearchEvent } from '../shared/model-search.js';
export type { ToolSearchOptions } from '../shared/tool-search-options.js';
export { anthropicToolDefinitions } from './anthropic-tool-definitions.js';
export type {
  AnthropicMessages,
  AnthropicToolDefinition,
  AnthropicToolResultContent,
  AnthropicToolUse,
} from './anthropic-types.js';
export type {
  AnthropicAnswerOptions,
  AnthropicToolCall,
  AnthropicToolSearch,
  AnthropicToolSearchOptions,
} from './create-tool-search.js';
export { createToolSearch } from './create-tool-search.js';

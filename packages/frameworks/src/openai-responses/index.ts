export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type { ToolSearchEvent } from '../shared/model-search.js';
export type { ToolSearchOptions } from '../shared/tool-search-options.js';
export type {
  ResponsesAnswerOptions,
  ResponsesToolCall,
  ResponsesToolSearch,
  ResponsesToolSearchOptions,
} from './create-tool-search.js';
export { createToolSearch } from './create-tool-search.js';
export { responsesToolDefinitions } from './responses-tool-definitions.js';
export type {
  ResponsesDeferredTool,
  ResponsesFunctionDefinition,
  ResponsesInput,
  ResponsesToolOutput,
} from './responses-types.js';

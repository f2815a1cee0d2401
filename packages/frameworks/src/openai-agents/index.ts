export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolSelectionOptions,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type { ToolSearchEvent } from '../shared/model-search.js';
export type { AgentFunctionTool } from './agent-tool-definitions.js';
export { agentToolDefinitions } from './agent-tool-definitions.js';
export type { AgentToolSearch, AgentToolSearchOptions } from './with-tool-search.js';
export { withToolSearch } from './with-tool-search.js';
export type {
  AgentToolChoice,
  AgentToolSelection,
  AgentToolSelectionOptions,
} from './with-tool-selection.js';
export { withToolSelection } from './with-tool-selection.js';

export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolSelectionOptions,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type { AgentFunctionTool } from './agent-tool-definitions.js';
export { agentToolDefinitions } from './agent-tool-definitions.js';
export type {
  AgentToolChoice,
  AgentToolSelection,
  AgentToolSelectionOptions,
} from './with-tool-selection.js';
export { withToolSelection } from './with-tool-selection.js';

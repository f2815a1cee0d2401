export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolSelectionOptions,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type {
  LangChainToolChoice,
  LangChainToolsift,
  LangChainToolsiftOptions,
  ToolBindingModel,
} from './create-toolsift.js';
export { createToolsift } from './create-toolsift.js';
export { langChainToolDefinitions } from './langchain-tool-definitions.js';

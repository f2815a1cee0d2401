export type {
  CodeSelectorOptions,
  CodeToolDefinition,
  LearnSummary,
  ToolSelectionOptions,
  ToolsiftMetadata,
} from '../shared/index.js';
export { createCodeSelector, toolsFromCode } from '../shared/index.js';
export type {
  AiSdkMessage,
  AiSdkPrepareStepOptions,
  AiSdkTool,
  AiSdkToolName,
  AiSdkToolSet,
} from './ai-sdk-types.js';
export type { AiSdkToolChoice, AiSdkToolsift, AiSdkToolsiftOptions } from './create-toolsift.js';
export { createToolsift } from './create-toolsift.js';
export type { FromAiSdkToolsOptions } from './from-ai-sdk-tools.js';
export { fromAiSdkTools } from './from-ai-sdk-tools.js';

// Shared by the framework adapters (not a public entry point: each adapter's index re-exports what it documents).
// Dependencies point one way: each adapter imports from here, never from another adapter.

export { codeIndexDir } from './code-index-dir.js';
export type { CodeToolDefinition, ToolsiftMetadata } from './code-tool-definition.js';
export { TOOLSIFT_METADATA_FIELDS } from './code-tool-definition.js';
export type { ConversationEvent } from './conversation-event.js';
export {
  type ConversationChoice,
  type ConversationSelection,
  createConversationSelection,
} from './conversation-selection.js';
export {
  type ConversationSessions,
  createConversationSessions,
  DEFAULT_MAX_CONVERSATIONS,
} from './conversation-sessions.js';
export { type CodeSelectorOptions, createCodeSelector } from './create-code-selector.js';
export {
  type KeptLearnFailures,
  keepLearnFailures,
  type LearnSummary,
  summarizeLearning,
} from './learn-summary.js';
export { offeredWithinBudget } from './offered-within-budget.js';
export { handleSelectionError } from './selection-fallback.js';
export {
  type SplitToolSelectionOptions,
  splitToolSelectionOptions,
  type ToolSelectionOptions,
} from './tool-selection-options.js';
export { CODE_FILE, type CodeTools, readCodeTools, toolsFromCode } from './tools-from-code.js';

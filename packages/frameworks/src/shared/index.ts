// What every adapter's entry point re-exports from the shared code (not an entry point itself: each adapter's
// index lists these names again, as its public API). Adapter modules import the shared files they use directly.
// Dependencies point one way: each adapter imports from here, never from another adapter.

export type { CodeToolDefinition, ToolsiftMetadata } from './code-tool-definition.js';
export { type CodeSelectorOptions, createCodeSelector } from './create-code-selector.js';
export type { LearnSummary } from './learn-summary.js';
export type { ToolSelectionOptions } from './tool-selection-options.js';
export { toolsFromCode } from './tools-from-code.js';

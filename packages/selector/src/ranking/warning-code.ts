/**
 * Stable codes of the warnings a selection returns (advisories, never thrown). They are public API: agents
 * branch on them, and a test pins the whole table.
 */
export const WarningCode = {
  /** The prompt was longer than the embedder takes and was cut (cap-prompt). */
  PromptTruncated: 'PROMPT_TRUNCATED',
  /** `candidates` named ids that are not in the catalog; they were ignored. */
  UnknownCandidate: 'UNKNOWN_CANDIDATE',
  /** A tool was removed for a high conflict with a kept tool (conflict rule). */
  ConflictRemoved: 'CONFLICT_REMOVED',
  /** The LLM stage failed; the local ranking is kept. */
  RerankFailed: 'RERANK_FAILED',
  /** The LLM stage chose no tool. */
  LlmAbstained: 'LLM_ABSTAINED',
  /** The tools fit the prompt weakly but are kept (abstention rule). */
  LowFit: 'LOW_FIT',
  /** Nothing fit well enough: the selection is empty (abstention rule). */
  Abstained: 'ABSTAINED',
  /** The best tool may not do what the prompt asks (action-agreement rule). */
  ActionMismatch: 'ACTION_MISMATCH',
  /** Tools were cut to fit `maxTokens` or the target's tool limit. */
  ToolBudget: 'TOOL_BUDGET',
  /** Written by a caller's rule (`SelectorOptions.rules`); the warning's `rule` names it. */
  Custom: 'CUSTOM',
} as const;
export type WarningCode = (typeof WarningCode)[keyof typeof WarningCode];

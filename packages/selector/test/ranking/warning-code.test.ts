import { expect, test } from 'vitest';
import { WarningCode } from '../../src/ranking/warning-code.js';

test('warning codes are public API: the whole table is pinned', () => {
  expect(WarningCode).toMatchInlineSnapshot(`
    {
      "Abstained": "ABSTAINED",
      "ActionMismatch": "ACTION_MISMATCH",
      "ConflictRemoved": "CONFLICT_REMOVED",
      "Custom": "CUSTOM",
      "LlmAbstained": "LLM_ABSTAINED",
      "LowFit": "LOW_FIT",
      "PromptTruncated": "PROMPT_TRUNCATED",
      "RerankFailed": "RERANK_FAILED",
      "ToolBudget": "TOOL_BUDGET",
      "UnknownCandidate": "UNKNOWN_CANDIDATE",
    }
  `);
});

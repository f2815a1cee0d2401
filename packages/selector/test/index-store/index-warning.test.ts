import { expect, test } from 'vitest';
import { IndexWarningCode } from '../../src/index-store/index-warning.js';

test('index warning codes are public API: the whole table is pinned', () => {
  expect(IndexWarningCode).toMatchInlineSnapshot(`
    {
      "CatalogErrors": "CATALOG_ERRORS",
      "ExactIndexFallback": "EXACT_INDEX_FALLBACK",
      "IndexNotSaved": "INDEX_NOT_SAVED",
      "IndexRebuilt": "INDEX_REBUILT",
      "LearnedPromptInvalid": "LEARNED_PROMPT_INVALID",
      "LearnedPromptsOverBound": "LEARNED_PROMPTS_OVER_BOUND",
      "LearnedPromptsUnreadable": "LEARNED_PROMPTS_UNREADABLE",
      "RebuiltIndexNotSaved": "REBUILT_INDEX_NOT_SAVED",
      "StoreUnreachable": "STORE_UNREACHABLE",
    }
  `);
});

import { expect, test } from 'vitest';
import { LearnWarningCode } from '../../src/learning/learn-warning.js';

test('learn warning codes are public API: the whole table is pinned', () => {
  expect(LearnWarningCode).toMatchInlineSnapshot(`
    {
      "LearnedFileMovedAside": "LEARNED_FILE_MOVED_ASIDE",
      "PromptHasSecret": "PROMPT_HAS_SECRET",
      "PromptTruncated": "PROMPT_TRUNCATED",
      "StoreUnreachable": "STORE_UNREACHABLE",
    }
  `);
});

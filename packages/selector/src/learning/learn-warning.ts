/**
 * Stable codes of the advisories a learn or forget returns (in `LearnReport.warnings`; never thrown). They are
 * public API: a test pins the whole table.
 */
export const LearnWarningCode = {
  /** Prompts that hold what looks like a secret (an API key, a token, a password in a URL): not learned. */
  PromptHasSecret: 'PROMPT_HAS_SECRET',
  /** Prompts longer than `MAX_PROMPT_LENGTH` characters: learned as their start and end, as selection reads them. */
  PromptTruncated: 'PROMPT_TRUNCATED',
  /**
   * The learned prompts' file held what could not be read: it was moved aside (`file`) before the new one was
   * written, so nothing it held is lost.
   */
  LearnedFileMovedAside: 'LEARNED_FILE_MOVED_ASIDE',
  /**
   * The shared store could not be reached: the change holds in this process only, and is written to the store when it
   * is reachable again (lost if the process ends first).
   */
  StoreUnreachable: 'STORE_UNREACHABLE',
} as const;
export type LearnWarningCode = (typeof LearnWarningCode)[keyof typeof LearnWarningCode];

/** An advisory about a learn or forget: a stable code, a readable message (never a prompt), and what it concerns. */
export interface LearnWarning {
  code: LearnWarningCode;
  message: string;
  /** `PROMPT_*`: how many prompts. */
  count?: number;
  /** `LEARNED_FILE_MOVED_ASIDE`: the path the damaged file was moved to. */
  file?: string;
}

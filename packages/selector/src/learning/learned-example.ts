import type { LearnWarning } from './learn-warning.js';
import type { LearnSource } from './learned-prompt.js';

/** A prompt and the tool that was really called for it. */
export interface LearnedExample {
  prompt: string;
  /** Tool id (or a name that is unique in the catalog). */
  tool: string;
}

/** A learned prompt as `selector.learned()` lists it: its tool id, and where it came from. */
export interface LearnedEntry extends LearnedExample {
  source: LearnSource;
}

/** What to forget: one prompt of one tool, every prompt of a tool, or one prompt wherever it was learned. */
export type ForgetRequest = { tool: string; prompt?: string } | { prompt: string; tool?: undefined };

/** What a learn or forget call changed. */
export interface LearnReport {
  /** Examples added (or removed, for forget). */
  changed: number;
  /** Examples that were already known (or not found, for forget). */
  unchanged: number;
  /** Tools whose views were re-indexed. */
  tools: string[];
  /** Older prompts of the same source dropped to keep their tools within `maxPerTool` (absent when none). */
  evicted?: number;
  /** Examples not learned because their prompt holds what looks like a secret (absent when none; see `warnings`). */
  skipped?: number;
  /** Prompts skipped or cut, a damaged file moved aside: each with a stable `LearnWarningCode` (absent when none). */
  warnings?: LearnWarning[];
}

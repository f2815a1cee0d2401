import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { LearnSource } from './learned-prompt.js';

/**
 * Call-learned prompts kept per tool by default. Past it the oldest are dropped, so one tool called for everything
 * cannot spread its views over every kind of prompt (learning from calls: bench/results/learning-curve.md).
 * Labelled prompts are not bounded by default: a bound of 100 cost metatool's learned row most of its lift
 * (bench/NOTES.md, labelled learning).
 */
export const DEFAULT_MAX_LEARNED_PER_TOOL = 100;

/**
 * The bound to apply to prompts of `source`: the default when none is given (`DEFAULT_MAX_LEARNED_PER_TOOL` for
 * call-learned prompts, none for labelled ones); USAGE_ERROR unless a whole number >= 1 or Infinity.
 */
export function checkMaxPerTool(value: number | undefined, source: LearnSource): number {
  if (value === undefined) return source === 'call' ? DEFAULT_MAX_LEARNED_PER_TOOL : Number.POSITIVE_INFINITY;
  if (value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 1)) return value;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `maxPerTool must be a whole number >= 1 (or Infinity for no bound), got ${String(value)}`,
    { maxPerTool: value },
  );
}

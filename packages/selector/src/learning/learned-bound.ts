import { ErrorCode, ToolsiftError } from '@toolsift/core';

/**
 * Learned prompts kept per tool by default. Past it the oldest are dropped, so one tool called for everything
 * cannot spread its views over every kind of prompt. Measured on 2026-11-26 (bench/results/learning-curve.md).
 */
export const DEFAULT_MAX_LEARNED_PER_TOOL = 100;

/** The bound to apply: the default when none is given; USAGE_ERROR unless a whole number >= 1 or Infinity. */
export function checkMaxPerTool(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_LEARNED_PER_TOOL;
  if (value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 1)) return value;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `maxPerTool must be a whole number >= 1 (or Infinity for no bound), got ${String(value)}`,
    { maxPerTool: value },
  );
}

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { AbstainPolicy, SelectOptions } from '@toolsift/selector';

/** The abstention flags `query` and `eval` share. */
export const ABSTENTION_ARGS = {
  abstain: {
    type: 'string',
    valueHint: 'POLICY',
    description:
      'When to select no tool: auto (default: only when nothing fits by strong evidence; a weak fit warns LOW_FIT), eager (whenever the fit is low), never',
  },
  threshold: {
    type: 'string',
    valueHint: 'X',
    description:
      'Select no tool when the best fit is below X in [0, 1], whatever --abstain says; 0 never abstains',
  },
} as const;

/** The select options the abstention flags ask for (none when neither is given). */
export function abstentionOptions(args: {
  abstain?: string | undefined;
  threshold?: string | undefined;
}): Pick<SelectOptions, 'abstain' | 'threshold'> {
  const abstain = parsePolicy(args.abstain);
  const threshold = parseThreshold(args.threshold);
  return {
    ...(abstain !== undefined ? { abstain } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
  };
}

// --- internal ---

const POLICIES: readonly AbstainPolicy[] = ['auto', 'eager', 'never'];

function parsePolicy(value: string | undefined): AbstainPolicy | undefined {
  if (value === undefined) return undefined;
  if ((POLICIES as readonly string[]).includes(value)) return value as AbstainPolicy;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `--abstain must be one of ${POLICIES.join(', ')}; got "${value}".`,
  );
}

function parseThreshold(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const threshold = Number(value);
  if (value.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw new ToolsiftError(ErrorCode.UsageError, `--threshold must be a number in [0, 1]; got "${value}".`);
  }
  return threshold;
}

import { ErrorCode, ToolsiftError } from '../errors.js';
import type { Tool } from '../model/tool.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import type { FormatTarget } from './format-target.js';
import { type FormatTargetTools, formatTools } from './format-tools.js';
import { PROVIDER_TOOL_LIMITS, providerForTarget, type ToolLimitProvider } from './provider-tool-limits.js';

/** Why `fitToolBudget` left tools out. */
export type BudgetStop = 'maxTokens' | 'maxTools' | 'providerLimit';

/** The emitted prefix of the tools that fits the budget, with its total and why it stopped. */
export interface FittedTools<T> extends FormatResult<T> {
  /** The input tools that were kept: a prefix of the input, in order. */
  fitted: Tool[];
  /** Sum of `tokens`. */
  totalTokens: number;
  /** Set when some tools were left out. */
  stoppedBy?: BudgetStop;
}

/**
 * Emit the longest prefix of `tools` (best first) that stays within `maxTokens` (estimated, see
 * `estimateToolTokens`), `maxTools` and the provider's hard tool-count limit (`PROVIDER_TOOL_LIMITS`;
 * `provider: 'vertex'` picks Vertex's limit for the gemini target). Stops at the first tool that does
 * not fit, so a lower-ranked small tool never overtakes a higher-ranked large one.
 */
export function fitToolBudget<T extends FormatTarget>(input: {
  tools: readonly Tool[];
  target: T;
  maxTokens?: number;
  maxTools?: number;
  provider?: ToolLimitProvider;
  options?: FormatOptions;
}): FittedTools<FormatTargetTools[T]> {
  for (const [key, value] of [
    ['maxTokens', input.maxTokens],
    ['maxTools', input.maxTools],
  ] as const) {
    if (value !== undefined && !(value >= 0)) {
      throw new ToolsiftError(
        ErrorCode.UsageError,
        `Invalid ${key} ${String(value)}: expected a number of at least 0.`,
      );
    }
  }
  const provider = input.provider ?? providerForTarget(input.target);
  const providerLimit = provider !== undefined ? PROVIDER_TOOL_LIMITS[provider] : null;
  const countLimit = Math.min(
    input.maxTools ?? Number.POSITIVE_INFINITY,
    providerLimit ?? Number.POSITIVE_INFINITY,
  );
  const candidates = input.tools.slice(0, countLimit);
  let stoppedBy: BudgetStop | undefined;
  if (candidates.length < input.tools.length) {
    stoppedBy =
      input.maxTools !== undefined && input.maxTools <= (providerLimit ?? Number.POSITIVE_INFINITY)
        ? 'maxTools'
        : 'providerLimit';
  }
  const result = formatTools(candidates, input.target, input.options);
  let kept = 0;
  let totalTokens = 0;
  for (const tokens of result.tokens) {
    if (input.maxTokens !== undefined && totalTokens + tokens > input.maxTokens) {
      stoppedBy = 'maxTokens';
      break;
    }
    totalTokens += tokens;
    kept += 1;
  }
  const fitted = candidates.slice(0, kept);
  const keptIds = new Set(fitted.map((tool) => tool.id));
  const names = Object.fromEntries(Object.entries(result.names).filter(([, id]) => keptIds.has(id)));
  return {
    tools: result.tools.slice(0, kept),
    names,
    tokens: result.tokens.slice(0, kept),
    warnings: result.warnings.filter((warning) => keptIds.has(warning.toolId)),
    fitted,
    totalTokens,
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
  };
}

import type { Tool } from '../model/tool.js';
import { assignToolNames } from './assign-tool-names.js';
import { estimateToolTokens } from './estimate-tool-tokens.js';
import { formatDescription } from './format-description.js';
import { type FormatOptions, type ResolvedFormatOptions, resolveFormatOptions } from './format-options.js';
import {
  type FormatResult,
  type FormatWarning,
  FormatWarningCode,
  type WarnFunction,
} from './format-result.js';
import type { FormatTarget } from './format-target.js';
import { redactSecrets } from './redact-secrets.js';

/** What an emitter gets for one tool: the decided name and description, options, and where to warn. */
export interface EmitContext {
  tool: Tool;
  /** The name valid for the target (see `assignToolNames`). */
  name: string;
  /** The trimmed description with hints, or undefined when there is none. */
  description: string | undefined;
  options: ResolvedFormatOptions;
  warn: WarnFunction;
}

/**
 * The loop every target shares: resolve options, assign names, format descriptions, call `emit` for each
 * tool, estimate its tokens and collect warnings (tagged with the tool id and target).
 */
export function emitTools<T>(input: {
  tools: readonly Tool[];
  target: FormatTarget;
  options: FormatOptions | undefined;
  emit: (context: EmitContext) => T;
}): FormatResult<T> {
  const { target } = input;
  const options = resolveFormatOptions(input.options);
  const assigned = assignToolNames({ tools: input.tools, target, nameFrom: options.nameFrom });
  const warnings: FormatWarning[] = [];
  const tools: T[] = [];
  const tokens: number[] = [];
  const names: [string, string][] = [];
  input.tools.forEach((tool, index) => {
    const warn: WarnFunction = (code, message, path) =>
      warnings.push({ toolId: tool.id, target, code, message, ...(path !== undefined ? { path } : {}) });
    const { name, warning } = assigned[index] ?? { name: tool.id };
    if (warning !== undefined) warn(warning.code, warning.message);
    const formatted = formatDescription({
      tool,
      maxLength: options.maxDescriptionLength,
      useCaseHints: options.useCaseHints,
    });
    if (formatted.truncatedFrom !== undefined) {
      warn(
        FormatWarningCode.DescriptionTruncated,
        `Description cut from ${formatted.truncatedFrom} to ${options.maxDescriptionLength} characters.`,
      );
    }
    if (formatted.redactions > 0) {
      warn(
        FormatWarningCode.SecretRemoved,
        `Redacted ${formatted.redactions} secret-looking value(s) in the description.`,
      );
    }
    const built = input.emit({ tool, name, description: formatted.description, options, warn });
    // The last pass over what reaches a model: whatever a target copies beyond the description and
    // schema (titles, annotations, examples) goes through the same redaction as every other output.
    const emitted = redactSecrets(built);
    if (JSON.stringify(emitted) !== JSON.stringify(built)) {
      warn(FormatWarningCode.SecretRemoved, 'Redacted secret-looking value(s) in the tool definition.');
    }
    tools.push(emitted);
    tokens.push(estimateToolTokens(emitted));
    names.push([name, tool.id]);
  });
  // fromEntries defines own properties, so even a tool named "__proto__" maps back correctly.
  return { tools, names: Object.fromEntries(names), tokens, warnings };
}

/** Warn that the tool's result schema cannot be carried by the target (shared by the provider emitters). */
export function warnResultDropped(context: EmitContext, target: FormatTarget): void {
  if (context.tool.result === undefined) return;
  context.warn(
    FormatWarningCode.ResultDropped,
    `${target} tools have no output schema; the result schema is left out.`,
  );
}

import { ErrorCode, ToolsiftError } from '../errors.js';

/** Options shared by every emitter; each is optional and has a documented default. */
export interface FormatOptions {
  /** Longest description emitted, in characters; longer ones are cut on a word boundary. Default 1024. */
  maxDescriptionLength?: number;
  /** Append the first use case's `whenToUse` / `notFor` to the description when they fit. Default true. */
  useCaseHints?: boolean;
  /** What the emitted name is derived from: the catalog `id` (unique) or the tool's own `name`. Default 'id'. */
  nameFrom?: 'id' | 'name';
  /** `openai-responses` only: emit strict schemas (the Responses API's own default). Default true. */
  strict?: boolean;
  /** `anthropic` only: emit `input_examples` from the tool's example inputs. Default true. */
  inputExamples?: boolean;
}

/** `FormatOptions` with every default applied. */
export type ResolvedFormatOptions = Required<FormatOptions>;

/** The defaults of `FormatOptions`. */
export const DEFAULT_FORMAT_OPTIONS: Readonly<ResolvedFormatOptions> = Object.freeze({
  maxDescriptionLength: 1024,
  useCaseHints: true,
  nameFrom: 'id',
  strict: true,
  inputExamples: true,
});

/** Fill in the defaults of `options` (an explicit `undefined` also means the default); checks the values. */
export function resolveFormatOptions(options: FormatOptions | undefined): ResolvedFormatOptions {
  const resolved: ResolvedFormatOptions = {
    maxDescriptionLength: options?.maxDescriptionLength ?? DEFAULT_FORMAT_OPTIONS.maxDescriptionLength,
    useCaseHints: options?.useCaseHints ?? DEFAULT_FORMAT_OPTIONS.useCaseHints,
    nameFrom: options?.nameFrom ?? DEFAULT_FORMAT_OPTIONS.nameFrom,
    strict: options?.strict ?? DEFAULT_FORMAT_OPTIONS.strict,
    inputExamples: options?.inputExamples ?? DEFAULT_FORMAT_OPTIONS.inputExamples,
  };
  if (
    !Number.isInteger(resolved.maxDescriptionLength) ||
    resolved.maxDescriptionLength < MIN_DESCRIPTION_LENGTH
  ) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `Invalid maxDescriptionLength ${String(resolved.maxDescriptionLength)}: expected an integer of at least ${MIN_DESCRIPTION_LENGTH}.`,
    );
  }
  if (resolved.nameFrom !== 'id' && resolved.nameFrom !== 'name') {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `Invalid nameFrom "${String(resolved.nameFrom)}": expected "id" or "name".`,
    );
  }
  return resolved;
}

// --- internal ---

/** Below this a description cannot say anything useful. */
const MIN_DESCRIPTION_LENGTH = 16;

import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { LexicalIndexOptions } from './lexical-index.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';

/** Lexical options with every default filled in; this is also what a snapshot stores. */
export interface ResolvedLexicalOptions {
  fieldWeights: Record<string, number>;
  k1: number;
  b: number;
  stopWords: string[];
  stem: boolean;
}

/** Default BM25F field weights: name > title > keywords > description > any other field (1). */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({
  name: 3,
  title: 2.5,
  keywords: 2,
  description: 1.5,
});

/**
 * Fill in defaults and check ranges; throws USAGE_ERROR on a value out of range or an option that does not exist
 * (a misspelt option would otherwise be ignored silently; `fuzzy` and `prefix` were removed).
 */
export function resolveLexicalOptions(options: LexicalIndexOptions): ResolvedLexicalOptions {
  requireKnownOptions(options);
  const resolved: ResolvedLexicalOptions = {
    fieldWeights: { ...(options.fieldWeights ?? DEFAULT_FIELD_WEIGHTS) },
    k1: options.k1 ?? 1.2,
    b: options.b ?? 0.75,
    stopWords: [...(options.stopWords ?? ENGLISH_STOP_WORDS)].map((word) => word.toLowerCase()),
    stem: options.stem ?? true,
  };
  checkLexicalOptions(resolved);
  return resolved;
}

/** Throw USAGE_ERROR unless every numeric option is in range (also used on loaded snapshots). */
export function checkLexicalOptions(options: ResolvedLexicalOptions): void {
  for (const [field, weight] of Object.entries(options.fieldWeights)) {
    requireRange(`fieldWeights.${field}`, weight, 0, Number.POSITIVE_INFINITY);
  }
  requireRange('k1', options.k1, 0, Number.POSITIVE_INFINITY);
  requireRange('b', options.b, 0, 1);
}

// --- internal ---

/** Every option `LexicalIndexOptions` has: the check below fails to compile when one is added or removed. */
const KNOWN_OPTIONS = Object.keys({
  fieldWeights: true,
  k1: true,
  b: true,
  stopWords: true,
  stem: true,
} satisfies Record<keyof LexicalIndexOptions, true>);

function requireKnownOptions(options: LexicalIndexOptions): void {
  const unknown = Object.keys(options).find((name) => !KNOWN_OPTIONS.includes(name));
  if (unknown === undefined) return;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `Unknown lexical index option "${unknown}". Known options: ${KNOWN_OPTIONS.join(', ')}.`,
    { option: unknown, known: KNOWN_OPTIONS },
  );
}

function requireRange(name: string, value: number, min: number, max: number): void {
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `Invalid lexical index option ${name}: ${String(value)}. Expected a finite number ${max === Number.POSITIVE_INFINITY ? `>= ${min}` : `from ${min} to ${max}`}.`,
    { option: name, value },
  );
}

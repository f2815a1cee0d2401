import type {
  Alternative,
  Complement,
  Conflict,
  ConflictSeverity,
  Prerequisite,
  RateLimit,
  ToolExample,
  UseCase,
} from '../../model/tool.js';
import { ConflictSeveritySchema } from '../../model/tool.js';
import { joinPointer } from '../../schema/json-pointer.js';
import type { FieldReader } from './field-reader.js';
import { optional } from './optional.js';

/** `use_cases[{title, when_to_use, example, not_for}]`. */
export function useCasesOf(value: unknown, read: FieldReader): UseCase[] {
  return entriesOf(value, '/use_cases', read, (entry, pointer) => ({
    title: requiredString(entry.title, `${pointer}/title`, read) ?? '',
    ...optional('whenToUse', read.string(entry.when_to_use, `${pointer}/when_to_use`)),
    ...optional('example', read.string(entry.example, `${pointer}/example`)),
    ...optional('notFor', read.string(entry.not_for, `${pointer}/not_for`)),
  }));
}

/** `conflicts[{tool, reason, when_prefer_this, when_prefer_other, severity}]`; severity defaults to medium. */
export function conflictsOf(value: unknown, read: FieldReader): Conflict[] {
  return entriesOf(value, '/conflicts', read, (entry, pointer) => {
    const tool = requiredString(entry.tool, `${pointer}/tool`, read);
    if (tool === undefined) return undefined;
    return {
      tool,
      ...optional('reason', read.string(entry.reason, `${pointer}/reason`)),
      ...optional('whenPreferThis', read.string(entry.when_prefer_this, `${pointer}/when_prefer_this`)),
      ...optional('whenPreferOther', read.string(entry.when_prefer_other, `${pointer}/when_prefer_other`)),
      severity: severityOf(entry.severity, `${pointer}/severity`, read),
    };
  });
}

/** `alternatives[{tool, when, benefits}]`. */
export function alternativesOf(value: unknown, read: FieldReader): Alternative[] {
  return entriesOf(value, '/alternatives', read, (entry, pointer) => {
    const tool = requiredString(entry.tool, `${pointer}/tool`, read);
    if (tool === undefined) return undefined;
    return {
      tool,
      ...optional('when', read.string(entry.when, `${pointer}/when`)),
      ...optional('benefits', read.string(entry.benefits, `${pointer}/benefits`)),
    };
  });
}

/** `complements[{tool, scenario, example}]`. */
export function complementsOf(value: unknown, read: FieldReader): Complement[] {
  return entriesOf(value, '/complements', read, (entry, pointer) => {
    const tool = requiredString(entry.tool, `${pointer}/tool`, read);
    if (tool === undefined) return undefined;
    return {
      tool,
      ...optional('scenario', read.string(entry.scenario, `${pointer}/scenario`)),
      ...optional('example', read.string(entry.example, `${pointer}/example`)),
    };
  });
}

/** `examples[{name, description, input, output, explanation}]`; explanations are returned apart (by index). */
export function examplesOf(
  value: unknown,
  read: FieldReader,
): { examples: ToolExample[]; explanations: { index: number; explanation: string }[] } {
  const explanations: { index: number; explanation: string }[] = [];
  const examples = entriesOf(value, '/examples', read, (entry, pointer, index) => {
    const explanation = read.string(entry.explanation, `${pointer}/explanation`);
    if (explanation !== undefined) explanations.push({ index, explanation });
    return {
      ...optional('name', read.string(entry.name, `${pointer}/name`)),
      ...optional('description', read.string(entry.description, `${pointer}/description`)),
      ...optional('input', entry.input ?? undefined),
      ...optional('output', entry.output ?? undefined),
    };
  });
  return { examples, explanations };
}

/** `prerequisites[{name, required_for, env_vars, how_to_get, fallback}]`. */
export function prerequisitesOf(value: unknown, read: FieldReader): Prerequisite[] {
  return entriesOf(value, '/prerequisites', read, (entry, pointer) => ({
    name: requiredString(entry.name, `${pointer}/name`, read) ?? '',
    envVars: read.strings(entry.env_vars, `${pointer}/env_vars`) ?? [],
    configKeys: [],
    requiredFor: read.strings(entry.required_for, `${pointer}/required_for`) ?? [],
    ...optional('howToGet', read.string(entry.how_to_get, `${pointer}/how_to_get`)),
    ...optional('fallback', read.string(entry.fallback, `${pointer}/fallback`)),
  }));
}

/** `rate_limit{limits: {provider: requests}, notes}`. */
export function rateLimitOf(value: unknown, read: FieldReader): RateLimit | undefined {
  const rateLimit = read.record(value, '/rate_limit');
  if (rateLimit === undefined) return undefined;
  const limits: Record<string, number> = {};
  for (const [provider, limit] of Object.entries(read.record(rateLimit.limits, '/rate_limit/limits') ?? {})) {
    const number = read.number(limit, joinPointer('/rate_limit/limits', provider));
    if (number !== undefined) limits[provider] = number;
  }
  return { limits, ...optional('notes', read.string(rateLimit.notes, '/rate_limit/notes')) };
}

// --- internal ---

/** Maps each object of a list; entries that are not objects, or that `map` rejects, are skipped. */
function entriesOf<T>(
  value: unknown,
  pointer: string,
  read: FieldReader,
  map: (entry: Record<string, unknown>, pointer: string, index: number) => T | undefined,
): T[] {
  const results: T[] = [];
  (read.list(value, pointer) ?? []).forEach((item, index) => {
    const entry = read.record(item, `${pointer}/${index}`);
    if (entry === undefined) return;
    const mapped = map(entry, `${pointer}/${index}`, index);
    if (mapped !== undefined) results.push(mapped);
  });
  return results;
}

function requiredString(value: unknown, pointer: string, read: FieldReader): string | undefined {
  if (value === undefined || value === null) {
    read.invalid(pointer, 'a string', value);
    return undefined;
  }
  return read.string(value, pointer);
}

function severityOf(value: unknown, pointer: string, read: FieldReader): ConflictSeverity {
  if (value === undefined || value === null || value === '') return 'medium';
  const parsed = ConflictSeveritySchema.safeParse(
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  );
  if (parsed.success) return parsed.data;
  read.invalid(pointer, `one of ${ConflictSeveritySchema.options.join(', ')}`, value);
  return 'medium';
}

/** Append one sentence to an optional description, for values a target cannot carry as keywords. */
export function appendHint(description: unknown, hint: string): string {
  const base = typeof description === 'string' ? description.trim() : '';
  if (base === '') return hint;
  return /[.!?:]$/.test(base) ? `${base} ${hint}` : `${base}. ${hint}`;
}

/** `Default: <value>.` when the value is short enough to help a model, else undefined. */
export function defaultHint(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text !== undefined && text.length <= MAX_HINT_VALUE_LENGTH ? `Default: ${text}.` : undefined;
}

/** `Allowed values: a, b, c.` when the list is short enough to help a model, else undefined. */
export function allowedValuesHint(values: readonly unknown[]): string | undefined {
  const text = values.map((value) => JSON.stringify(value)).join(', ');
  return text.length <= MAX_HINT_VALUE_LENGTH * 4 ? `Allowed values: ${text}.` : undefined;
}

/** Copy `title` and `description` of `source` onto `out` (when they are strings); returns `out`. */
export function copySchemaText<T extends Record<string, unknown>>(
  out: T,
  source: Record<string, unknown>,
): T {
  if (typeof source.title === 'string') Object.assign(out, { title: source.title });
  if (typeof source.description === 'string') Object.assign(out, { description: source.description });
  return out;
}

// --- internal ---

const MAX_HINT_VALUE_LENGTH = 100;

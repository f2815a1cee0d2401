import type { JsonSchema } from '../model/tool.js';

/** The JSON Schema fragment a format's type word turns into, and whether the word was recognised. */
export interface NormalizedType {
  /** `type` (and `items`/`format` where the word implies them); `{}` means any value. */
  schema: JsonSchema;
  /** False when the word was not recognised and fell back to `string`. */
  isKnown: boolean;
}

/**
 * Turns a type as formats write it (`int`, `float`, `bool`, `dict`, `array:string`, `["string","null"]`,
 * `any`, `tuple`, `HashMap`, `String`...) into JSON Schema. Unknown words become `string`.
 * @example normalizeType('array:int') // { schema: { type: 'array', items: { type: 'integer' } }, isKnown: true }
 */
export function normalizeType(raw: unknown): NormalizedType {
  if (Array.isArray(raw)) return normalizeTypeList(raw);
  if (typeof raw !== 'string') return { schema: { type: 'string' }, isKnown: false };
  const word = raw.trim().toLowerCase();
  const element = elementType(word);
  if (element !== undefined) {
    const inner = normalizeType(element);
    return { schema: { type: 'array', items: inner.schema }, isKnown: inner.isKnown };
  }
  const known = TYPE_WORDS[word];
  if (known !== undefined) return { schema: { ...known }, isKnown: true };
  return { schema: { type: 'string' }, isKnown: false };
}

// --- internal ---

const TYPE_WORDS: Readonly<Record<string, JsonSchema>> = {
  string: { type: 'string' },
  str: { type: 'string' },
  text: { type: 'string' },
  char: { type: 'string' },
  character: { type: 'string' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  'date-time': { type: 'string', format: 'date-time' },
  integer: { type: 'integer' },
  int: { type: 'integer' },
  int32: { type: 'integer' },
  int64: { type: 'integer' },
  long: { type: 'integer' },
  short: { type: 'integer' },
  number: { type: 'number' },
  float: { type: 'number' },
  double: { type: 'number' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  bool: { type: 'boolean' },
  object: { type: 'object' },
  dict: { type: 'object' },
  map: { type: 'object' },
  hashmap: { type: 'object' },
  record: { type: 'object' },
  array: { type: 'array' },
  list: { type: 'array' },
  arraylist: { type: 'array' },
  tuple: { type: 'array' },
  set: { type: 'array' },
  null: { type: 'null' },
  none: { type: 'null' },
  any: {},
};

/** `array:X`, `X[]`, `list[X]`, `array<X>` -> X. */
function elementType(word: string): string | undefined {
  const prefixed = /^(?:array|list):(.+)$/.exec(word);
  if (prefixed?.[1] !== undefined) return prefixed[1];
  const suffixed = /^(.+)\[\]$/.exec(word);
  if (suffixed?.[1] !== undefined) return suffixed[1];
  const generic = /^(?:array|list|arraylist)\s*[[<](.+)[\]>]$/.exec(word);
  return generic?.[1];
}

/** `["string","null"]`: each member normalised; `any` anywhere means any value. */
function normalizeTypeList(raw: unknown[]): NormalizedType {
  const names: string[] = [];
  let isKnown = true;
  let extra: JsonSchema = {};
  for (const member of raw) {
    const normalized = normalizeType(member);
    isKnown &&= normalized.isKnown;
    const { type, ...rest } = normalized.schema;
    if (type === undefined) return { schema: {}, isKnown };
    if (typeof type === 'string' && !names.includes(type)) names.push(type);
    extra = { ...extra, ...rest };
  }
  if (names.length === 0) return { schema: {}, isKnown };
  return { schema: { type: names.length === 1 ? names[0] : names, ...extra }, isKnown };
}

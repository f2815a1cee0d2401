import type { JsonSchema } from '../model/tool.js';
import { isRecord } from './is-record.js';
import { escapeSegment } from './json-pointer.js';
import { normalizeType } from './normalize-type.js';
import { SUBSCHEMA_KEYS, SUBSCHEMA_LIST_KEYS, SUBSCHEMA_MAP_KEYS, TEXT_KEYWORDS } from './schema-keywords.js';
import type { SchemaProblem } from './schema-problem.js';

/**
 * Normalises a JSON-Schema-like value as formats write it into JSON Schema (2020-12 subset): type words
 * (`dict`, `float`, `array:string`...), OpenAPI `nullable`, per-property `required` booleans lifted into the
 * parent's `required` list, `validation` / `min` / `max` as keywords, string defaults of numbers and
 * booleans coerced, `example` as `examples`, and `items: {}` for arrays without items. Other keywords are
 * kept as written. A value that is not an object (or a type word) gives `{}`. A text keyword (`description`,
 * `title`...) that is not a string, and `properties` that is not a map, are dropped: `null` quietly (extension
 * info writes `description: null`), anything else with a problem pushed on `problems` (pointer below `schema`).
 * @example normalizeSchema({ type: 'dict', properties: { n: { type: 'int', default: '3' } } })
 */
export function normalizeSchema(schema: unknown, problems: SchemaProblem[] = []): JsonSchema {
  return normalizeNode(schema, { ancestors: new Set(), problems, pointer: '' });
}

// --- internal ---

/** Where the walk is: `ancestors` guards against cyclic input (YAML aliases can build cycles). */
interface Walk {
  ancestors: Set<object>;
  problems: SchemaProblem[];
  /** Pointer of the node being normalised, below the schema given. */
  pointer: string;
}

const DEFERRED_KEYS = new Set(['type', 'nullable', 'validation', 'min', 'max', 'required', 'example']);

function normalizeNode(node: unknown, walk: Walk): JsonSchema {
  if (typeof node === 'string') return normalizeType(node).schema;
  const { ancestors, problems, pointer } = walk;
  if (!isRecord(node) || ancestors.has(node)) return {};
  ancestors.add(node);
  const below = (...segments: Array<string | number>): Walk => ({
    ancestors,
    problems,
    pointer: segments.reduce<string>((at, segment) => `${at}/${escapeSegment(segment)}`, pointer),
  });
  const out: JsonSchema = {};
  applyType(out, node);
  const liftedRequired: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (DEFERRED_KEYS.has(key) || key === '__proto__') continue;
    if (TEXT_KEYWORDS.has(key) && typeof value !== 'string') {
      if (value !== null && value !== undefined)
        problems.push({ pointer: below(key).pointer, expected: 'a string', found: value });
      continue;
    }
    if (key === 'properties') {
      // `[]` is how PHP's json_encode writes an empty map: read as no properties.
      if (isRecord(value)) out.properties = normalizeProperties(value, liftedRequired, below(key));
      else if (Array.isArray(value) && value.length === 0) out.properties = {};
      else if (value !== null && value !== undefined)
        problems.push({ pointer: below(key).pointer, expected: 'a map of property schemas', found: value });
    } else if (key === 'items') {
      if (Array.isArray(value))
        out.prefixItems = value.map((item, index) => normalizeNode(item, below(key, index)));
      else out.items = normalizeNode(value, below(key));
    } else if (SUBSCHEMA_KEYS.has(key) && isRecord(value)) {
      out[key] = normalizeNode(value, below(key));
    } else if (SUBSCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
      out[key] = value.map((item, index) => normalizeNode(item, below(key, index)));
    } else if (SUBSCHEMA_MAP_KEYS.has(key) && isRecord(value)) {
      out[key] = mapValues(value, (child, name) => normalizeNode(child, below(key, name)));
    } else {
      out[key] = value;
    }
  }
  ancestors.delete(node);
  applyRequired(out, node.required, liftedRequired);
  applyConstraints(out, node);
  if (node.example !== undefined && out.examples === undefined) out.examples = [node.example];
  coerceDefault(out);
  if (hasType(out, 'array') && out.items === undefined) out.items = {};
  return out;
}

function normalizeProperties(
  properties: Record<string, unknown>,
  liftedRequired: string[],
  walk: Walk,
): JsonSchema {
  return mapValues(properties, (child, name) => {
    if (isRecord(child) && child.required === true) liftedRequired.push(name);
    return normalizeNode(child, { ...walk, pointer: `${walk.pointer}/${escapeSegment(name)}` });
  });
}

function applyType(out: JsonSchema, node: Record<string, unknown>): void {
  if (node.type !== undefined) {
    const { type, ...implied } = normalizeType(node.type).schema;
    if (type !== undefined) out.type = type;
    Object.assign(out, implied);
  }
  if (node.nullable === true && out.type !== undefined) {
    const types = Array.isArray(out.type) ? out.type : [out.type];
    out.type = types.includes('null') ? types : [...types, 'null'];
  }
}

function applyRequired(out: JsonSchema, written: unknown, lifted: string[]): void {
  const names = Array.isArray(written) ? written.filter((name) => typeof name === 'string') : [];
  for (const name of lifted) if (!names.includes(name)) names.push(name);
  if (names.length > 0 || Array.isArray(written)) out.required = names;
}

/** Matimo-style `validation` and bare `min`/`max`, mapped by the schema's type. */
function applyConstraints(out: JsonSchema, node: Record<string, unknown>): void {
  const constraints: Record<string, unknown> = {
    ...(isRecord(node.validation) ? node.validation : {}),
    ...(node.min !== undefined ? { min: node.min } : {}),
    ...(node.max !== undefined ? { max: node.max } : {}),
  };
  const [lower, upper] = hasType(out, 'string')
    ? ['minLength', 'maxLength']
    : hasType(out, 'array')
      ? ['minItems', 'maxItems']
      : ['minimum', 'maximum'];
  for (const [key, value] of Object.entries(constraints)) {
    const target = key === 'min' ? lower : key === 'max' ? upper : key;
    if (out[target] === undefined) out[target] = value;
  }
}

function coerceDefault(out: JsonSchema): void {
  const value = out.default;
  if (typeof value !== 'string' || hasType(out, 'string')) return;
  const text = value.trim();
  if (hasType(out, 'boolean') && /^(true|false)$/i.test(text)) {
    out.default = text.toLowerCase() === 'true';
  } else if ((hasType(out, 'number') || hasType(out, 'integer')) && text !== '') {
    const number = Number(text);
    if (Number.isFinite(number) && (hasType(out, 'number') || Number.isInteger(number))) out.default = number;
  }
}

function hasType(schema: JsonSchema, name: string): boolean {
  return Array.isArray(schema.type) ? schema.type.includes(name) : schema.type === name;
}

function mapValues(
  record: Record<string, unknown>,
  transform: (value: unknown, key: string) => JsonSchema,
): JsonSchema {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, transform(value, key)]));
}

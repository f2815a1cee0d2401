import type { JsonSchema } from '../model/tool.js';

/** True for a JSON Schema written as an object (not a boolean schema, not an array). */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Escape one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Copy `schema`, replacing each direct subschema (properties, items, anyOf members, $defs...) with what
 * `map(subschema, path)` returns; `path` is the JSON pointer suffix of the subschema. Data-valued keywords
 * (enum, const, default, examples) are never walked.
 */
export function mapSubschemas(
  schema: JsonSchema,
  map: (subschema: unknown, path: string) => unknown,
): JsonSchema {
  const copy: JsonSchema = { ...schema };
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = copy[keyword];
    if (!isSchemaObject(value)) continue;
    copy[keyword] = Object.fromEntries(
      Object.entries(value).map(([key, subschema]) => [
        key,
        map(subschema, `/${keyword}/${pointerSegment(key)}`),
      ]),
    );
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const value = copy[keyword];
    if (Array.isArray(value))
      copy[keyword] = value.map((subschema, index) => map(subschema, `/${keyword}/${index}`));
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    const value = copy[keyword];
    if (value !== undefined && !Array.isArray(value)) copy[keyword] = map(value, `/${keyword}`);
  }
  return copy;
}

// --- internal ---

/** Keywords whose value is a map of name -> schema. */
const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
/** Keywords whose value is a list of schemas (`items` as a list is the draft-04 tuple form). */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'] as const;
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
] as const;

import type { JsonSchema } from '../model/tool.js';
import { FormatWarningCode, type WarnFunction } from './format-result.js';
import { isSchemaObject } from './map-subschemas.js';

/**
 * Fold an `allOf` at the top of `node` into one schema, for targets without `allOf`: properties are merged,
 * `required` lists are joined, other keywords are taken from the first member that has them (a member that
 * disagrees is warned about). Nested subschemas are left for the caller's own recursion.
 */
export function mergeAllOf(node: JsonSchema, path: string, warn: WarnFunction): JsonSchema {
  const { allOf, ...rest } = node;
  if (!Array.isArray(allOf)) return node;
  const merged: JsonSchema = { ...rest };
  allOf.forEach((member, index) => {
    if (!isSchemaObject(member)) return;
    const flat = mergeAllOf(member, `${path}/allOf/${index}`, warn);
    for (const [keyword, value] of Object.entries(flat)) {
      const current = merged[keyword];
      if (current === undefined) merged[keyword] = value;
      else if (keyword === 'properties' && isSchemaObject(current) && isSchemaObject(value)) {
        merged[keyword] = { ...current, ...mergeProperties(current, value) };
      } else if (keyword === 'required' && Array.isArray(current) && Array.isArray(value)) {
        merged[keyword] = [...new Set([...current, ...value])];
      } else if (
        keyword !== 'description' &&
        keyword !== 'title' &&
        JSON.stringify(current) !== JSON.stringify(value)
      ) {
        warn(
          FormatWarningCode.KeywordRemoved,
          `allOf members disagree on "${keyword}"; kept ${JSON.stringify(current)}, dropped ${JSON.stringify(value)}.`,
          `${path}/allOf/${index}/${keyword}`,
        );
      }
    }
  });
  return merged;
}

// --- internal ---

/** A property declared by two members must satisfy both: keep both as a nested allOf, merged later. */
function mergeProperties(current: JsonSchema, next: JsonSchema): JsonSchema {
  const merged: JsonSchema = {};
  for (const [key, value] of Object.entries(next)) {
    merged[key] = Object.hasOwn(current, key) ? { allOf: [current[key], value] } : value;
  }
  return merged;
}

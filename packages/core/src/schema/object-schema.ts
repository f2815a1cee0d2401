import type { JsonSchema } from '../model/tool.js';
import { isRecord } from './is-record.js';
import { normalizeSchema } from './normalize-schema.js';
import type { SchemaResult } from './parameters-to-schema.js';
import type { SchemaProblem } from './schema-problem.js';

/** The schema of a tool without parameters. */
export function emptyObjectSchema(): JsonSchema {
  return { type: 'object', properties: {} };
}

/**
 * Normalises a parameters value written as JSON Schema (OpenAI `parameters`, MCP `inputSchema`, Shinkai
 * `parameters`) and makes sure it is an object schema with `properties`. A missing value gives the empty
 * object schema; a value that is not an object does too, with a problem.
 */
export function toObjectSchema(value: unknown): SchemaResult {
  if (value === undefined || value === null) return { schema: emptyObjectSchema(), problems: [] };
  if (!isRecord(value)) {
    return {
      schema: emptyObjectSchema(),
      problems: [{ pointer: '', expected: 'a JSON Schema object', found: value }],
    };
  }
  const problems: SchemaProblem[] = [];
  const schema = normalizeSchema(value, problems);
  if (schema.type === undefined) schema.type = 'object';
  if (schema.type === 'object' && !isRecord(schema.properties)) schema.properties = {};
  return { schema, problems };
}

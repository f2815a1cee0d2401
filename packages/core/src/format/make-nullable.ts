import type { JsonSchema } from '../model/tool.js';
import { isSchemaObject } from './map-subschemas.js';
import { copySchemaText } from './schema-hints.js';

/**
 * Allow `null` besides what a strict schema allows, the way OpenAI strict mode expresses optional
 * properties: `["x","null"]` for scalar types (with `null` added to an enum), `anyOf: [schema, {type:
 * "null"}]` for objects and arrays (title and description move to the wrapper), a null branch for anyOf.
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) {
    const hasNull = schema.anyOf.some((branch) => isSchemaObject(branch) && branch.type === 'null');
    return hasNull ? schema : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return schema;
  if (type === 'object' || type === 'array') {
    const { description, title, ...rest } = schema;
    return copySchemaText({ anyOf: [rest, { type: 'null' }] }, { description, title });
  }
  const types = Array.isArray(type) ? [...type, 'null'] : [type, 'null'];
  const enumValues =
    Array.isArray(schema.enum) && !schema.enum.includes(null) ? { enum: [...schema.enum, null] } : {};
  return { ...schema, type: types, ...enumValues };
}

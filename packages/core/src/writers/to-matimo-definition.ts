import { redactSecrets } from '../format/redact-secrets.js';
import type { JsonSchema, Tool } from '../model/tool.js';
import { isRecord } from '../schema/is-record.js';

/**
 * Write a tool as a Matimo `definition.yaml` object: JSON Schema properties become Matimo parameters
 * with a per-parameter `required` and `validation` (min/max/minLength/maxLength/pattern/minItems/maxItems);
 * what the Matimo loader kept under `extensions.matimo` (execution, authentication...) is written back.
 */
export function toMatimoDefinition(tool: Tool): Record<string, unknown> {
  const kept = redactSecrets(tool.extensions.matimo ?? {});
  const definition: Record<string, unknown> = {
    name: tool.name,
    description: tool.description,
    ...(tool.version !== undefined ? { version: tool.version } : {}),
    parameters: toMatimoParameters(tool.parameters),
    ...pick(kept, 'execution'),
    ...(tool.result !== undefined ? { output_schema: tool.result } : {}),
    ...pick(kept, 'authentication'),
    ...pick(kept, 'error_handling'),
    ...(tool.tags.length > 0 ? { tags: tool.tags } : {}),
    ...(tool.requiresApproval !== undefined ? { requires_approval: tool.requiresApproval } : {}),
    ...(tool.risk !== undefined ? { risk: tool.risk } : {}),
  };
  const examples = tool.examples.filter((example) => example.input !== undefined);
  if (examples.length > 0) {
    definition.examples = examples.map((example) => ({
      ...(example.name !== undefined ? { name: example.name } : {}),
      ...(example.description !== undefined ? { description: example.description } : {}),
      params: example.input,
    }));
  }
  for (const [key, value] of Object.entries(kept)) {
    if (!(key in definition)) definition[key] = value;
  }
  return definition;
}

// --- internal ---

const VALIDATION_KEYWORDS: ReadonlyArray<readonly [string, string]> = [
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minLength', 'minLength'],
  ['maxLength', 'maxLength'],
  ['pattern', 'pattern'],
  ['minItems', 'minItems'],
  ['maxItems', 'maxItems'],
];

function toMatimoParameters(schema: JsonSchema): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const parameters: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    parameters[name] = toMatimoParameter(isRecord(property) ? property : {}, required.includes(name));
  }
  return parameters;
}

function toMatimoParameter(property: Record<string, unknown>, isRequired: boolean): Record<string, unknown> {
  const validation: Record<string, unknown> = {};
  for (const [keyword, matimoKey] of VALIDATION_KEYWORDS) {
    if (property[keyword] !== undefined) validation[matimoKey] = property[keyword];
  }
  const handled = new Set(['type', 'description', ...VALIDATION_KEYWORDS.map(([keyword]) => keyword)]);
  const rest = Object.fromEntries(Object.entries(property).filter(([key]) => !handled.has(key)));
  return {
    type: matimoType(property),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    required: isRequired,
    ...rest,
    ...(Object.keys(validation).length > 0 ? { validation } : {}),
  };
}

/** Matimo knows string, number, boolean, object and array; integers are numbers, `[T, "null"]` is T. */
function matimoType(property: Record<string, unknown>): string {
  const types = (Array.isArray(property.type) ? property.type : [property.type]).filter(
    (type): type is string => typeof type === 'string' && type !== 'null',
  );
  const type = types[0];
  if (type === 'integer') return 'number';
  if (type !== undefined) return type;
  if (property.properties !== undefined) return 'object';
  if (property.items !== undefined) return 'array';
  return 'string';
}

function pick(record: Record<string, unknown>, key: string): Record<string, unknown> {
  return record[key] !== undefined ? { [key]: record[key] } : {};
}

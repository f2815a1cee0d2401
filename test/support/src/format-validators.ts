/**
 * Validators for what each provider accepts, written from the providers' documentation independently of the
 * emitters (a shared bug cannot hide). Each returns a list of problems; empty means valid.
 */

/** Tool-name patterns as the providers document them (ours are sometimes stricter: they must still pass). */
export const PROVIDER_NAME_PATTERNS = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,128}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  mcp: /^[A-Za-z0-9._-]{1,128}$/,
} as const;

/**
 * OpenAI Structured Outputs (strict) rules, conservative subset: only the keywords below; every object has
 * `additionalProperties: false` and lists every property in `required`; every node is typed (or an anyOf);
 * arrays have one items schema; at most 10 levels, 5000 properties, 1000 enum values; root is an object.
 */
export function validateOpenAIStrictSchema(schema: unknown): string[] {
  const state = { problems: [] as string[], properties: 0, enumValues: 0 };
  if (!isObject(schema) || schema.type !== 'object') state.problems.push('/: root must be {type: "object"}');
  visitStrict(schema, '', 0, state);
  if (state.properties > 5000) state.problems.push(`/: ${state.properties} properties (max 5000)`);
  if (state.enumValues > 1000) state.problems.push(`/: ${state.enumValues} enum values (max 1000)`);
  return state.problems;
}

/**
 * Gemini's OpenAPI subset: only the keywords below; `type` one of six names (single, not a list); `enum`
 * only on strings and only strings; `format` only the documented ones per type; arrays have `items`;
 * `required` names declared properties.
 */
export function validateGeminiSchema(schema: unknown, path = ''): string[] {
  const problems: string[] = [];
  if (!isObject(schema)) return [`${path || '/'}: not a schema object`];
  for (const key of Object.keys(schema)) {
    if (!GEMINI_KEYWORDS.has(key)) problems.push(`${path}/${key}: keyword not allowed by Gemini`);
  }
  const type = schema.type;
  if (typeof type !== 'string' || !GEMINI_TYPES.has(type))
    problems.push(`${path}/type: ${JSON.stringify(type)} is not one Gemini type`);
  if (schema.enum !== undefined) {
    if (type !== 'string') problems.push(`${path}/enum: enum on a ${String(type)}`);
    if (!Array.isArray(schema.enum) || !schema.enum.every((value) => typeof value === 'string')) {
      problems.push(`${path}/enum: values must be strings`);
    }
  }
  if (schema.format !== undefined && !(GEMINI_FORMATS[String(type)] ?? []).includes(String(schema.format))) {
    problems.push(`${path}/format: "${String(schema.format)}" not allowed for ${String(type)}`);
  }
  if (schema.nullable !== undefined && typeof schema.nullable !== 'boolean')
    problems.push(`${path}/nullable: not a boolean`);
  if (type === 'array') {
    if (!isObject(schema.items)) problems.push(`${path}/items: arrays need an items schema`);
    else problems.push(...validateGeminiSchema(schema.items, `${path}/items`));
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, value] of Object.entries(properties))
    problems.push(...validateGeminiSchema(value, `${path}/properties/${key}`));
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) problems.push(`${path}/required: not a list`);
    else
      for (const key of schema.required)
        if (!Object.hasOwn(properties, String(key)))
          problems.push(`${path}/required: "${String(key)}" undeclared`);
  }
  return problems;
}

// --- internal ---

const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'description',
  'title',
]);
const STRICT_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const GEMINI_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
]);
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const GEMINI_FORMATS: Record<string, string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

function visitStrict(
  node: unknown,
  path: string,
  depth: number,
  state: { problems: string[]; properties: number; enumValues: number },
): void {
  const problem = (message: string) => state.problems.push(`${path || '/'}: ${message}`);
  if (!isObject(node)) {
    problem('not a schema object');
    return;
  }
  for (const key of Object.keys(node))
    if (!STRICT_KEYWORDS.has(key)) problem(`keyword "${key}" not allowed in strict mode`);
  if (Array.isArray(node.anyOf)) {
    if (node.anyOf.length === 0) problem('empty anyOf');
    for (const [index, branch] of node.anyOf.entries())
      visitStrict(branch, `${path}/anyOf/${index}`, depth, state);
    return;
  }
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
  if (types.length === 0) problem('no type');
  for (const type of types)
    if (!STRICT_TYPES.has(String(type))) problem(`unknown type ${JSON.stringify(type)}`);
  if (Array.isArray(node.enum)) {
    state.enumValues += node.enum.length;
    if (types.includes('null') && !node.enum.includes(null)) problem('nullable enum without null');
  }
  if (types.includes('object')) {
    if (depth >= 10) problem('nested deeper than 10 levels');
    if (node.additionalProperties !== false) problem('object without additionalProperties: false');
    const properties = isObject(node.properties) ? node.properties : undefined;
    if (properties === undefined) {
      problem('object without properties');
      return;
    }
    const keys = Object.keys(properties);
    const required = Array.isArray(node.required) ? node.required : [];
    if (required.length !== keys.length || !keys.every((key) => required.includes(key)))
      problem('required must list every property');
    state.properties += keys.length;
    for (const key of keys) visitStrict(properties[key], `${path}/properties/${key}`, depth + 1, state);
  }
  if (types.includes('array')) {
    if (!isObject(node.items)) {
      problem('array without one items schema');
      return;
    }
    visitStrict(node.items, `${path}/items`, depth + 1, state);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

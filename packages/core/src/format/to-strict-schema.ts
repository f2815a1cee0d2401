import type { JsonSchema } from '../model/tool.js';
import type { ObjectSchema } from './emitted-tool-types.js';
import { FormatWarningCode, type WarnFunction } from './format-result.js';
import { isOfType, valueType } from './json-value-type.js';
import { makeNullable } from './make-nullable.js';
import { isSchemaObject, pointerSegment } from './map-subschemas.js';
import { mergeAllOf } from './merge-all-of.js';
import { appendHint, copySchemaText, defaultHint } from './schema-hints.js';

/**
 * Limits and keywords of OpenAI Structured Outputs (strict function calling), read conservatively:
 * at most 5000 properties and 10 levels of nesting, at most 1000 enum values in total; the keywords
 * kept are type, properties, required, additionalProperties (false), items, enum, anyOf, description
 * and title. Size and format constraints (minLength, pattern, format, minimum, minItems...) are
 * accepted only by some models, so they are removed (warned), as are default and examples.
 */
export const OPENAI_STRICT_LIMITS = Object.freeze({ maxProperties: 5000, maxDepth: 10, maxEnumValues: 1000 });

/** Result of `toStrictSchema`: the strict schema, or why the schema cannot be strict. */
export type StrictConversion = { schema: ObjectSchema } | { failure: { reason: string; path: string } };

/**
 * Rewrite a ref-free object schema (see `inlineRefs`) into OpenAI's strict subset: `additionalProperties:
 * false` on every object, every property required, optional ones made nullable (`["x","null"]` or
 * `anyOf` with null), `oneOf` as `anyOf`, `allOf` merged, unsupported keywords removed with a warning.
 * Free-form objects, untyped values and arrays without items cannot be strict: that is a failure.
 */
export function toStrictSchema(schema: ObjectSchema, warn: WarnFunction): StrictConversion {
  const state: StrictState = { warn, propertyCount: 0, enumValueCount: 0 };
  const converted = convertNode({ node: schema, path: '', depth: 0, isRoot: true, state });
  if (state.failure !== undefined) return { failure: state.failure };
  if (state.propertyCount > OPENAI_STRICT_LIMITS.maxProperties) {
    return { failure: { reason: `more than ${OPENAI_STRICT_LIMITS.maxProperties} properties`, path: '' } };
  }
  if (state.enumValueCount > OPENAI_STRICT_LIMITS.maxEnumValues) {
    return { failure: { reason: `more than ${OPENAI_STRICT_LIMITS.maxEnumValues} enum values`, path: '' } };
  }
  return { schema: { ...(converted as JsonSchema), type: 'object' } };
}

// --- internal ---

interface StrictState {
  warn: WarnFunction;
  propertyCount: number;
  enumValueCount: number;
  failure?: { reason: string; path: string };
}

interface NodeInput {
  node: unknown;
  path: string;
  depth: number;
  isRoot: boolean;
  state: StrictState;
}

const KNOWN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);
const ALWAYS_HANDLED = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'nullable',
  'oneOf',
  'anyOf',
]);
const HANDLED_BY_TYPE: Readonly<Record<string, ReadonlySet<string>>> = {
  object: new Set(['properties', 'required', 'additionalProperties']),
  array: new Set(['items']),
};

function fail(state: StrictState, reason: string, path: string): undefined {
  state.failure ??= { reason, path };
  return undefined;
}

function convertNode(input: NodeInput): JsonSchema | undefined {
  const { path, state } = input;
  if (state.failure !== undefined) return undefined;
  if (!isSchemaObject(input.node)) return fail(state, 'a boolean schema has no strict form', path);
  let node = mergeAllOf(input.node, path, state.warn);
  if (Array.isArray(node.oneOf)) {
    if (node.anyOf !== undefined) return fail(state, 'both anyOf and oneOf', path);
    const { oneOf, ...rest } = node;
    node = { ...rest, anyOf: oneOf };
    state.warn(
      FormatWarningCode.UnionFlattened,
      'oneOf emitted as anyOf: "exactly one" is not enforced.',
      `${path}/oneOf`,
    );
  }
  if ('const' in node) node = { ...node, enum: [node.const] };
  if (Array.isArray(node.anyOf)) return convertAnyOf(node, node.anyOf, input);
  const types = typesOf(node);
  if (types === undefined) return fail(state, 'a value without a type has no strict form', path);
  const isNullable = types.includes('null') || node.nullable === true;
  const nonNull = types.filter((type) => type !== 'null');
  if (nonNull.length > 1) {
    const branches = nonNull.map((type) => ({
      ...node,
      type,
      ...(Array.isArray(node.enum) ? { enum: node.enum.filter((value) => isOfType(value, type)) } : {}),
      description: undefined,
      title: undefined,
      nullable: false,
    }));
    const anyOf = isNullable ? [...branches, { type: 'null' }] : branches;
    return convertAnyOf({ anyOf, description: node.description, title: node.title }, anyOf, input);
  }
  const type = nonNull[0];
  if (type === undefined) return copySchemaText({ type: 'null' }, node);
  if (!KNOWN_TYPES.has(type)) return fail(state, `type "${type}" has no strict form`, `${path}/type`);
  let out: JsonSchema = copySchemaText({ type: isNullable ? [type, 'null'] : type }, node);
  if (Array.isArray(node.enum)) {
    state.enumValueCount += node.enum.length;
    out.enum = isNullable && !node.enum.includes(null) ? [...node.enum, null] : node.enum;
  }
  if (type === 'object') out = { ...out, ...convertObject(node, input) };
  if (type === 'array') {
    if (!isSchemaObject(node.items)) return fail(state, 'an array without a single items schema', path);
    const itemsInput = {
      ...input,
      node: node.items,
      path: `${path}/items`,
      depth: input.depth + 1,
      isRoot: false,
    };
    out.items = convertNode(itemsInput);
  }
  const handled = HANDLED_BY_TYPE[type];
  for (const keyword of Object.keys(node)) {
    if (ALWAYS_HANDLED.has(keyword) || handled?.has(keyword) === true || node[keyword] === undefined)
      continue;
    if (keyword === 'default') {
      const hint = defaultHint(node.default);
      if (hint !== undefined) out.description = appendHint(out.description, hint);
    }
    state.warn(
      FormatWarningCode.KeywordRemoved,
      `"${keyword}" is not supported in strict mode; removed.`,
      `${path}/${keyword}`,
    );
  }
  return state.failure === undefined ? out : undefined;
}

function convertObject(node: JsonSchema, input: NodeInput): JsonSchema {
  const { path, state } = input;
  const properties = isSchemaObject(node.properties) ? node.properties : {};
  const keys = Object.keys(properties);
  const additional = node.additionalProperties;
  if (
    keys.length === 0 &&
    (input.isRoot ? additional !== undefined && additional !== false : additional !== false)
  ) {
    fail(state, 'a free-form object (no declared properties) has no strict form', path);
    return {};
  }
  if (input.depth >= OPENAI_STRICT_LIMITS.maxDepth)
    fail(state, `nesting deeper than ${OPENAI_STRICT_LIMITS.maxDepth} levels`, path);
  if (keys.length > 0 && additional !== undefined && additional !== false) {
    state.warn(
      FormatWarningCode.AdditionalPropertiesRemoved,
      'Undeclared keys were allowed; strict mode forbids them (additionalProperties: false).',
      `${path}/additionalProperties`,
    );
  }
  const declared = Array.isArray(node.required) ? node.required.filter((key) => typeof key === 'string') : [];
  for (const key of declared.filter((name) => !keys.includes(name))) {
    state.warn(
      FormatWarningCode.RequiredUnknown,
      `Required "${key}" is not a declared property; removed.`,
      `${path}/required`,
    );
  }
  const converted: Record<string, JsonSchema> = {};
  for (const key of keys) {
    state.propertyCount += 1;
    const propertyPath = `${path}/properties/${pointerSegment(key)}`;
    const child = convertNode({
      ...input,
      node: properties[key],
      path: propertyPath,
      depth: input.depth + 1,
      isRoot: false,
    });
    if (child === undefined) return {};
    converted[key] = declared.includes(key) ? child : makeNullable(child);
  }
  return { properties: converted, required: keys, additionalProperties: false };
}

function convertAnyOf(node: JsonSchema, members: unknown[], input: NodeInput): JsonSchema | undefined {
  const branches: JsonSchema[] = [];
  for (const [index, member] of members.entries()) {
    const branch = convertNode({
      ...input,
      node: member,
      path: `${input.path}/anyOf/${index}`,
      isRoot: false,
    });
    if (branch === undefined) return undefined;
    branches.push(branch);
  }
  for (const keyword of Object.keys(node)) {
    if (['anyOf', 'description', 'title'].includes(keyword) || node[keyword] === undefined) continue;
    input.state.warn(
      FormatWarningCode.KeywordRemoved,
      `"${keyword}" beside anyOf is not supported in strict mode; removed.`,
      `${input.path}/${keyword}`,
    );
  }
  return copySchemaText({ anyOf: branches }, node);
}

/** The types a node allows, written or inferred from enum/properties/items; undefined when it allows anything. */
function typesOf(node: JsonSchema): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type) && node.type.length > 0)
    return node.type.filter((type) => typeof type === 'string');
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const types = [...new Set(node.enum.map(valueType))];
    return types.every((type) => KNOWN_TYPES.has(type) || type === 'null') ? types : undefined;
  }
  if (isSchemaObject(node.properties)) return ['object'];
  if (node.items !== undefined) return ['array'];
  return undefined;
}

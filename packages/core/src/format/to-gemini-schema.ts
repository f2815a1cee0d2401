import type { JsonSchema } from '../model/tool.js';
import type { GeminiSchema, GeminiSchemaType, ObjectSchema } from './emitted-tool-types.js';
import { FormatWarningCode, type WarnFunction } from './format-result.js';
import { valueType } from './json-value-type.js';
import { isSchemaObject, pointerSegment } from './map-subschemas.js';
import { mergeAllOf } from './merge-all-of.js';
import { allowedValuesHint, appendHint, defaultHint } from './schema-hints.js';

/**
 * Formats Gemini accepts per type; any other format is removed (the API answers 400 for e.g. `email`).
 * Conservative reading of the Gemini/Vertex `Schema` docs: strings `enum` and `date-time`, numbers
 * `float`/`double`, integers `int32`/`int64`.
 */
export const GEMINI_FORMATS: Readonly<Partial<Record<GeminiSchemaType, readonly string[]>>> = Object.freeze({
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
});

/**
 * Rewrite a ref-free object schema (see `inlineRefs`) into Gemini's OpenAPI subset: one `type` per node
 * (unions flattened to their first alternative plus `nullable: true`), `enum` only on strings, `allOf`
 * merged, and only the keywords of `GeminiSchema`. Everything removed is warned about; defaults and
 * non-string enums move into the description.
 */
export function toGeminiSchema(schema: ObjectSchema, warn: WarnFunction): GeminiSchema & { type: 'object' } {
  return { ...convertNode(schema, '', warn), type: 'object' };
}

// --- internal ---

const GEMINI_TYPES = new Set<string>(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const ALWAYS_HANDLED = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'nullable',
  'format',
  'anyOf',
  'oneOf',
]);
const KEPT_BY_TYPE: Readonly<Partial<Record<GeminiSchemaType, readonly string[]>>> = {
  object: ['properties', 'required', 'additionalProperties'],
  array: ['items', 'minItems', 'maxItems'],
  string: ['minLength', 'maxLength'],
  number: ['minimum', 'maximum'],
  integer: ['minimum', 'maximum'],
};

function convertNode(input: unknown, path: string, warn: WarnFunction): GeminiSchema {
  if (!isSchemaObject(input)) {
    warn(FormatWarningCode.TypeAssumed, 'A boolean schema has no Gemini form; emitted as a string.', path);
    return { type: 'string' };
  }
  let node = mergeAllOf(input, path, warn);
  if ('const' in node) node = { ...node, enum: [node.const] };
  const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (union !== undefined) node = flattenUnion(node, union, path, warn);
  const types = typesOf(node);
  const isNullable =
    types.includes('null') ||
    node.nullable === true ||
    (Array.isArray(node.enum) && node.enum.includes(null));
  const nonNull = types.filter((type) => type !== 'null');
  if (nonNull.length > 1) {
    warn(
      FormatWarningCode.UnionFlattened,
      `Types ${JSON.stringify(nonNull)} flattened to "${nonNull[0]}".`,
      `${path}/type`,
    );
  }
  let type = nonNull[0] ?? 'string';
  if (!GEMINI_TYPES.has(type) || nonNull.length === 0) {
    warn(
      FormatWarningCode.TypeAssumed,
      `No Gemini type for ${JSON.stringify(node.type ?? 'an untyped value')}; emitted as a string.`,
      path,
    );
    type = 'string';
  }
  const geminiType = type as GeminiSchemaType;
  const out: GeminiSchema = { type: geminiType };
  if (typeof node.title === 'string') out.title = node.title;
  if (typeof node.description === 'string') out.description = node.description;
  if (isNullable) out.nullable = true;
  if (typeof node.format === 'string') {
    if (GEMINI_FORMATS[geminiType]?.includes(node.format) === true) out.format = node.format;
    else
      warn(
        FormatWarningCode.KeywordRemoved,
        `Format "${node.format}" is not supported by Gemini for ${type}; removed.`,
        `${path}/format`,
      );
  }
  if (Array.isArray(node.enum)) convertEnum(node.enum, out, path, warn);
  const kept = KEPT_BY_TYPE[geminiType] ?? [];
  if (geminiType === 'object') convertObject(node, out, path, warn);
  if (geminiType === 'array') {
    if (isSchemaObject(node.items)) out.items = convertNode(node.items, `${path}/items`, warn);
    else {
      warn(
        FormatWarningCode.TypeAssumed,
        'Array without a single items schema; items emitted as strings.',
        `${path}/items`,
      );
      out.items = { type: 'string' };
    }
  }
  for (const keyword of ['minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    const value = node[keyword];
    if (!kept.includes(keyword) || value === undefined) continue;
    if (typeof value === 'number') out[keyword] = value;
    else
      warn(FormatWarningCode.KeywordRemoved, `"${keyword}" is not a number; removed.`, `${path}/${keyword}`);
  }
  for (const keyword of Object.keys(node)) {
    if (ALWAYS_HANDLED.has(keyword) || kept.includes(keyword) || node[keyword] === undefined) continue;
    if (keyword === 'default') {
      const hint = defaultHint(node.default);
      if (hint !== undefined) out.description = appendHint(out.description, hint);
    }
    warn(
      FormatWarningCode.KeywordRemoved,
      `"${keyword}" is not supported by Gemini; removed.`,
      `${path}/${keyword}`,
    );
  }
  return out;
}

function convertObject(node: JsonSchema, out: GeminiSchema, path: string, warn: WarnFunction): void {
  const properties = isSchemaObject(node.properties) ? node.properties : {};
  const keys = Object.keys(properties);
  if (path !== '' && keys.length === 0) {
    warn(FormatWarningCode.FreeFormObject, 'Object without declared properties: Gemini may reject it.', path);
  }
  if (node.additionalProperties !== undefined) {
    warn(
      FormatWarningCode.AdditionalPropertiesRemoved,
      'Gemini has no additionalProperties; removed.',
      `${path}/additionalProperties`,
    );
  }
  if (keys.length === 0) return;
  out.properties = Object.fromEntries(
    keys.map((key) => [key, convertNode(properties[key], `${path}/properties/${pointerSegment(key)}`, warn)]),
  );
  const declared = Array.isArray(node.required) ? node.required.filter((key) => typeof key === 'string') : [];
  for (const key of declared.filter((name) => !keys.includes(name))) {
    warn(
      FormatWarningCode.RequiredUnknown,
      `Required "${key}" is not a declared property; removed.`,
      `${path}/required`,
    );
  }
  const required = declared.filter((key) => keys.includes(key));
  if (required.length > 0) out.required = [...new Set(required)];
}

function convertEnum(values: unknown[], out: GeminiSchema, path: string, warn: WarnFunction): void {
  const nonNull = values.filter((value) => value !== null);
  if (out.type === 'string' && nonNull.every((value) => typeof value === 'string')) {
    if (nonNull.length > 0) out.enum = nonNull as string[];
    return;
  }
  const hint = allowedValuesHint(nonNull);
  if (hint !== undefined) out.description = appendHint(out.description, hint);
  warn(
    FormatWarningCode.EnumRemoved,
    `Gemini allows enum on strings only; the ${out.type} enum moved to the description.`,
    `${path}/enum`,
  );
}

/** Turn anyOf/oneOf into one alternative: string enums are merged, null becomes `nullable`, else the first wins. */
function flattenUnion(node: JsonSchema, union: unknown[], path: string, warn: WarnFunction): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = node;
  const members = union
    .filter(isSchemaObject)
    .map((member, index) => mergeAllOf(member, `${path}/anyOf/${index}`, warn));
  const isNull = (member: JsonSchema) => member.type === 'null';
  const rest = members.filter((member) => !isNull(member));
  const nullable = rest.length < members.length || outer.nullable === true ? { nullable: true } : {};
  const stringValues = rest.flatMap((member) =>
    'const' in member ? [member.const] : Array.isArray(member.enum) ? member.enum : [undefined],
  );
  if (rest.length > 1 && stringValues.every((value) => typeof value === 'string')) {
    return { ...outer, type: 'string', enum: [...new Set(stringValues)], ...nullable };
  }
  if (rest.length > 1) {
    const kinds = rest.map((member) => JSON.stringify(member.type ?? 'untyped')).join(', ');
    warn(
      FormatWarningCode.UnionFlattened,
      `Union of ${rest.length} alternatives (${kinds}) flattened to the first.`,
      path,
    );
  }
  const first = rest[0] ?? { type: 'null' };
  return { ...first, ...outer, ...nullable };
}

/** The types a node allows, as written or inferred from enum/properties/items. */
function typesOf(node: JsonSchema): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type) => typeof type === 'string');
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    return [...new Set(node.enum.map(valueType))];
  }
  if (isSchemaObject(node.properties)) return ['object'];
  if (node.items !== undefined) return ['array'];
  return [];
}

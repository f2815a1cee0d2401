import type { JsonSchema } from '../model/tool.js';
import { containsSecret, isCredentialKey, redactSecretText } from './credential-detection.js';
import type { ObjectSchema } from './emitted-tool-types.js';
import { FormatWarningCode, type WarnFunction } from './format-result.js';
import { isSchemaObject, mapSubschemas } from './map-subschemas.js';

/**
 * The clean-up every target shares: a copy of `schema` without `$schema`/`$id`/`$comment` (metadata, not
 * meaning), with credential-looking defaults and examples removed (warned), boolean property schemas
 * written as objects, and an object root.
 */
export function prepareSchema(schema: unknown, warn: WarnFunction): ObjectSchema {
  if (!isSchemaObject(schema)) {
    warn(
      FormatWarningCode.ParametersNotObject,
      'The parameters are not a JSON Schema object; none are emitted.',
    );
    return { type: 'object', properties: {} };
  }
  const cleaned = cleanSchema(schema, '', false, warn) as JsonSchema;
  const type = cleaned.type;
  const isObject =
    type === 'object' ||
    (type === undefined && !('items' in cleaned)) ||
    (Array.isArray(type) && type.includes('object'));
  if (!isObject) {
    warn(
      FormatWarningCode.ParametersNotObject,
      `The parameters are a ${JSON.stringify(type ?? 'non-object')} schema, not an object; none are emitted.`,
    );
    return { type: 'object', properties: {} };
  }
  const properties = isSchemaObject(cleaned.properties)
    ? (cleaned.properties as Record<string, JsonSchema>)
    : {};
  return { ...cleaned, type: 'object', properties };
}

/** The same clean-up for a result schema, which may be any schema; undefined when it is not a schema object. */
export function prepareResultSchema(schema: unknown, warn: WarnFunction): JsonSchema | undefined {
  if (!isSchemaObject(schema)) return undefined;
  const resultWarn: WarnFunction = (code, message, path) => warn(code, message, `result#${path ?? ''}`);
  return cleanSchema(schema, '', false, resultWarn) as JsonSchema;
}

// --- internal ---

/** Keywords of a schema node that carry data rather than schema: checked for secrets. */
const DATA_KEYWORDS = ['default', 'const', 'example', 'examples', 'enum'] as const;
const METADATA_KEYWORDS = ['$schema', '$id', '$comment'] as const;

function cleanSchema(node: unknown, path: string, isCredential: boolean, warn: WarnFunction): unknown {
  if (!isSchemaObject(node)) return node;
  const copy = mapSubschemas(node, (subschema, suffix) => {
    const propertyKey = /^\/(?:properties|patternProperties)\/(.*)$/.exec(suffix)?.[1];
    const key = propertyKey?.replace(/~1/g, '/').replace(/~0/g, '~');
    const cleaned = cleanSchema(
      subschema,
      `${path}${suffix}`,
      isCredential || (key !== undefined && isCredentialKey(key)),
      warn,
    );
    if (suffix.startsWith('/properties/') && typeof cleaned === 'boolean') return cleaned ? {} : { not: {} };
    return cleaned;
  });
  for (const keyword of METADATA_KEYWORDS) delete copy[keyword];
  for (const keyword of DATA_KEYWORDS) {
    if (!(keyword in copy)) continue;
    // An enum of a credential parameter lists the accepted secrets themselves: dropped like a default.
    const isCredentialValue = isCredential;
    if (!isCredentialValue && !containsSecret(copy[keyword])) continue;
    delete copy[keyword];
    warn(
      FormatWarningCode.SecretRemoved,
      isCredentialValue
        ? `Removed "${keyword}" of a credential parameter: secrets are never emitted.`
        : `Removed "${keyword}": its value looks like a secret.`,
      `${path}/${keyword}`,
    );
  }
  for (const keyword of ['description', 'title'] as const) {
    const text = copy[keyword];
    if (typeof text !== 'string') continue;
    const redacted = redactSecretText(text);
    if (redacted.count === 0) continue;
    copy[keyword] = redacted.text;
    warn(
      FormatWarningCode.SecretRemoved,
      `Redacted ${redacted.count} secret-looking value(s) in the ${keyword}.`,
      `${path}/${keyword}`,
    );
  }
  return copy;
}

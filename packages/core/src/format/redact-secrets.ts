import { isCredentialKey, redactSecretText } from './credential-detection.js';

/**
 * The one redaction every output of toolsift goes through (written metadata, LLM tool definitions, CLI
 * output, MCP responses): a copy of `value` with string values under credential keys (`clientSecret`,
 * `password`, `refreshToken`...) replaced by `[redacted]`, the data (`default`, `enum`, `examples`...) of a
 * credential-named schema property replaced too, and secret-looking substrings of every other string replaced
 * by `[REDACTED]`. Keys that only say where a secret lives (`secret_env_var`, `token_url`) keep their values.
 * @example io.stdout.write(JSON.stringify(redactSecrets({ tool, views })));
 */
export function redactSecrets<T>(value: T): T {
  return redact(value, false) as T;
}

// --- internal ---

/** What replaces a credential value held under a credential key (`clientSecret: [redacted]`). */
const REDACTED = '[redacted]';

const SECRET_REFERENCE_KEY = /env|var$|name|header|location|type|url|endpoint|path|file|description|prompt/i;
/** Keys holding values of a schema property: inside a credential-named property, these are the secrets. */
const DATA_KEYS = new Set(['default', 'const', 'example', 'examples', 'enum']);

function redact(value: unknown, isCredential: boolean): unknown {
  if (typeof value === 'string') return redactSecretText(value).text;
  if (Array.isArray(value)) return value.map((item) => redact(item, isCredential));
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const isCredentialChild = isCredentialKey(key) && !SECRET_REFERENCE_KEY.test(key);
    if (isCredential && DATA_KEYS.has(key) && child !== undefined && child !== null) copy[key] = REDACTED;
    else if (isCredentialChild && typeof child === 'string' && child !== '' && !isPlaceholder(child))
      copy[key] = REDACTED;
    else copy[key] = redact(child, isCredentialChild || (isCredential && !isSchemaKeywordFor(key)));
  }
  return copy;
}

/**
 * A value that only names where the secret comes from (`${INVENTORY_API_TOKEN}`, `Bearer $TOKEN`,
 * `{{api_key}}`): no secret in it, and it shows the model the shape the value takes.
 */
function isPlaceholder(value: string): boolean {
  return /^(?:(?:Bearer|Basic|Token)\s+)?(?:\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*[A-Za-z_][A-Za-z0-9_.]*\s*\}\})$/.test(
    value.trim(),
  );
}

/**
 * Keys under which a credential property's sub-objects are no longer its own data: `properties` lists other
 * parameters (an `auth` object's `properties.region` is not a secret), `items`/`anyOf`... stay the credential's.
 */
function isSchemaKeywordFor(key: string): boolean {
  return key === 'properties' || key === 'patternProperties';
}

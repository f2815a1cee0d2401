import { isCredentialKey, looksLikeSecret } from '../format/credential-detection.js';

/** What replaces a credential-looking value in anything toolsift writes out. */
export const REDACTED = '[redacted]';

/**
 * Copy a JSON-like value with credentials replaced by `[redacted]`: string values under credential keys
 * (`clientSecret`, `password`, `api_key`...) and strings that look like live secrets. Keys that only say
 * where a secret lives (`secret_env_var`, `token_url`, `api_key_header`) keep their values.
 */
export function redactSecrets<T>(value: T): T {
  return redact(value) as T;
}

// --- internal ---

const SECRET_REFERENCE_KEY = /env|var$|name|header|location|type|url|endpoint|path|file|description|prompt/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const isSecret =
      typeof child === 'string' &&
      child !== '' &&
      ((isCredentialKey(key) && !SECRET_REFERENCE_KEY.test(key)) || looksLikeSecret(child));
    copy[key] = isSecret ? REDACTED : redact(child);
  }
  return copy;
}

/**
 * True when a property or key name looks like it holds a credential (`password`, `api_key`, `clientSecret`,
 * `accessToken`, `token`...). `max_tokens`, `token_count` and paging cursors such as `next_page_token` are not.
 */
export function isCredentialKey(key: string): boolean {
  const words = splitWords(key);
  if (words.some((word) => CREDENTIAL_WORDS.has(word))) return true;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index];
    const next = words[index + 1];
    if (next !== undefined && CREDENTIAL_PAIRS.has(`${word} ${next}`)) return true;
    if ((word === 'token' || word === 'pat') && next === undefined) {
      const previous = words[index - 1];
      if (previous === undefined || !NON_SECRET_TOKEN_PREFIXES.has(previous)) return true;
    }
  }
  return false;
}

/** True when a string value looks like a live secret (provider key formats, JWTs, private keys, bearer tokens). */
export function looksLikeSecret(value: string): boolean {
  return SECRET_PATTERNS.some((pattern) =>
    new RegExp(`^(?:${pattern.source})$`, pattern.flags).test(value.trim()),
  );
}

/** True when `value` holds, at any depth, a string that looks like a secret. */
export function containsSecret(value: unknown): boolean {
  if (typeof value === 'string') return redactSecretText(value).count > 0;
  if (Array.isArray(value)) return value.some(containsSecret);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsSecret);
  return false;
}

/** Replace secret-looking substrings of free text with `[REDACTED]`; `count` says how many were replaced. */
export function redactSecretText(text: string): { text: string; count: number } {
  let count = 0;
  let redacted = text;
  for (const pattern of GLOBAL_SECRET_PATTERNS) {
    redacted = redacted.replace(pattern, () => {
      count += 1;
      return '[REDACTED]';
    });
  }
  return { text: redacted, count };
}

/**
 * True when `value` (an example input) has a credential-named key with a real value at any depth.
 * Placeholders such as `${API_TOKEN}`, `Bearer {{token}}`, `<your key>` or `***` are not real values.
 */
export function hasCredentialEntry(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasCredentialEntry);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, entry]) => {
    if (entry !== null && typeof entry === 'object') return hasCredentialEntry(entry);
    if (!isCredentialKey(key) || entry === null || entry === '') return false;
    return !(typeof entry === 'string' && PLACEHOLDER.test(entry.trim()));
  });
}

// --- internal ---

/** An obvious stand-in for a secret, optionally after an auth scheme. */
const PLACEHOLDER =
  /^(?:(?:Bearer|Basic|Token)\s+)?(?:\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*[\w.]+\s*\}\}|<[^<>]+>|\*+|x{3,}|\.{3})$/i;

const CREDENTIAL_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
  'accesskey',
  'authorization',
  'bearer',
  'cookie',
]);
const CREDENTIAL_PAIRS = new Set([
  'api key',
  'access key',
  'private key',
  'secret key',
  'signing key',
  'auth key',
]);
/** Words before `token` that make it a paging cursor or a count, not a credential. */
const NON_SECRET_TOKEN_PREFIXES = new Set([
  'page',
  'next',
  'prev',
  'previous',
  'continuation',
  'pagination',
  'cursor',
  'sync',
  'max',
  'min',
  'num',
  'count',
  'output',
  'input',
  'completion',
]);

/** Well-known credential formats. Each is unanchored; `looksLikeSecret` anchors it. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/,
  /\bgithub_pat_[A-Za-z0-9_]{30,}/,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /\bAIza[0-9A-Za-z_-]{35}/,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/,
  /\bBearer [A-Za-z0-9._~+/-]{20,}=*/,
  // Stripe secret, restricted and webhook keys; Google OAuth client secrets and refresh tokens.
  /\b(?:[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{20,})/,
  /\bGOCSPX-[A-Za-z0-9_-]{20,}/,
  /\b1\/\/0[A-Za-z0-9_-]{30,}/,
  // An AWS secret access key: exactly 40 base64 characters mixing upper case, lower case and digits.
  /(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[0-9])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/,
  // The password of a URL's user info (`postgres://user:PASSWORD@host`); the user and host stay readable.
  /(?<=\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s/@]+(?=@)/,
  // The value after a credential word and `=` or `:` (`password=hunter2x`, `aws_secret_access_key: ...`) when it
  // has letters and digits: prose such as "password: the user's password" is left alone.
  /(?<=(?:password|passwd|secret|token|key)["']?\s*[:=]\s*["']?)(?=[^\s"',;]*[0-9])(?=[^\s"',;]*[A-Za-z])[^\s"',;<>{}$]{8,}/i,
];
// Compiled once: every output string goes through `redactSecretText` (a global regex's `replace` starts at 0).
const GLOBAL_SECRET_PATTERNS = SECRET_PATTERNS.map(
  (pattern) => new RegExp(pattern.source, `${pattern.flags}g`),
);

function splitWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

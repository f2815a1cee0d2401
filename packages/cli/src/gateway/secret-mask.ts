import type { UpstreamConfig } from './read-gateway-config.js';

/** Replaces every secret of an upstream's config in a text by `***`. */
export type SecretMask = (text: string) => string;

/**
 * The mask for one upstream's secrets: its `env` values and the passwords of URLs in its `args` (stdio), or its
 * `headers` values, each word of them, and the user name, password and query values of its URL (remote). Applied
 * to everything the gateway reports about the upstream (errors, stderr), since a server may echo them.
 */
export function createSecretMask(config: UpstreamConfig): SecretMask {
  const values =
    config.transport === 'stdio'
      ? [...Object.values(config.env), ...config.args.flatMap(urlPasswordsIn)]
      : [
          ...Object.values(config.headers).flatMap(headerSecrets),
          ...withDecoded(config.url.username),
          ...withDecoded(config.url.password),
          ...config.url.searchParams.values(),
        ];
  // Short values ("1", "true") are no secrets worth masking and would garble the text.
  const secrets = [...new Set(values)].filter((value) => value.length >= MIN_SECRET_LENGTH);
  return (text) => maskRanges(text, secrets);
}

// --- internal ---

const MIN_SECRET_LENGTH = 4;
/** Authorization schemes: the word before the credential, no secret itself. */
const AUTH_SCHEMES = new Set(['basic', 'bearer', 'digest', 'token']);
/** `scheme://user:password@`, anywhere in an argument (`--db=postgres://u:pass@host/db`). */
const URL_CREDENTIALS = /[a-z][a-z\d+.-]*:\/\/[^\s:/@]*:([^\s/@]+)@/gi;

/** A header value whole, and each of its words: a server may echo only the token of `Bearer <token>`. */
function headerSecrets(value: string): string[] {
  const words = value.split(/\s+/).filter((word) => word !== '' && !AUTH_SCHEMES.has(word.toLowerCase()));
  return [value, ...words];
}

function urlPasswordsIn(arg: string): string[] {
  return [...arg.matchAll(URL_CREDENTIALS)].flatMap((match) => withDecoded(match[1] ?? ''));
}

/** A URL part as written (percent-encoded) and decoded: a server may echo either. */
function withDecoded(value: string): string[] {
  try {
    return [value, decodeURIComponent(value)];
  } catch {
    return [value];
  }
}

/**
 * Every occurrence of every secret marked in the original text, overlapping ones merged, then each marked run
 * replaced by one `***`: two secrets that overlap (or one inside another) leave no piece of either behind.
 */
function maskRanges(text: string, secrets: readonly string[]): string {
  const covered: Array<[number, number]> = [];
  for (const secret of secrets) {
    for (let start = text.indexOf(secret); start !== -1; start = text.indexOf(secret, start + 1)) {
      covered.push([start, start + secret.length]);
    }
  }
  if (covered.length === 0) return text;
  covered.sort((left, right) => left[0] - right[0]);
  let masked = '';
  let position = 0;
  let runEnd = -1;
  for (const [start, end] of covered) {
    if (start > runEnd) {
      masked += `${text.slice(position, start)}***`;
    }
    runEnd = Math.max(runEnd, end);
    position = runEnd;
  }
  return masked + text.slice(position);
}

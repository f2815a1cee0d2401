import type { UpstreamConfig } from './read-gateway-config.js';

/** Replaces every secret of an upstream's config in a text by `***`. */
export type SecretMask = (text: string) => string;

/**
 * The mask for one upstream's secrets: its `env` and `headers` values, and the password and query values of its
 * URL. Applied to everything the gateway reports about the upstream (errors, stderr), since a server may echo them.
 */
export function createSecretMask(config: UpstreamConfig): SecretMask {
  const values =
    config.transport === 'stdio'
      ? Object.values(config.env)
      : [...Object.values(config.headers), config.url.password, ...config.url.searchParams.values()];
  // Longest first, so a secret that contains another is masked whole. Short values ("1", "true") are no secrets
  // worth masking and would garble the text.
  const secrets = [...new Set(values)]
    .filter((value) => value.length >= MIN_SECRET_LENGTH)
    .sort((left, right) => right.length - left.length);
  return (text) => {
    let masked = text;
    for (const secret of secrets) masked = masked.split(secret).join('***');
    return masked;
  };
}

// --- internal ---

const MIN_SECRET_LENGTH = 4;

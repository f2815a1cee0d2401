import { ErrorCode, ToolsiftError } from '@toolsift/core';

/** A store URL checked: the URL as given (for the driver only) and as every message shows it (password masked). */
export interface StoreUrl {
  /** The URL as given; never printed. */
  readonly url: string;
  /** The URL with its password replaced by `***`: what messages, warnings and `selector.index.dir` show. */
  readonly masked: string;
  /** Every form the password takes in text (as given and percent-decoded), to mask in a driver's messages. */
  readonly secrets: readonly string[];
}

/** Whether a store option names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a folder. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(value);
}

/**
 * Check a PostgreSQL URL (`postgres://user:password@host:port/database`, or `postgresql://`): STORE_URL_INVALID, with
 * the password masked, when it is of another scheme or does not parse.
 */
export function parseStoreUrl(url: string): StoreUrl {
  const masked = maskUrlText(url);
  if (!isPostgresUrl(url)) {
    throw new ToolsiftError(
      ErrorCode.StoreUrlInvalid,
      `the store "${masked}" is not a PostgreSQL URL: write postgres://user:password@host:5432/database (or postgresql://)`,
      { url: masked },
    );
  }
  let parsed: URL;
  try {
    // The driver reads several hosts as `host1:5432,host2:5432`, which WHATWG URLs refuse: check the first.
    parsed = new URL(url.replace(/@([^/?#]*?),[^/?#]*/, '@$1'));
  } catch {
    throw new ToolsiftError(
      ErrorCode.StoreUrlInvalid,
      `the store URL "${masked}" does not parse: write postgres://user:password@host:5432/database (percent-encode special characters in the user name and password)`,
      { url: masked },
    );
  }
  const secrets = [parsed.password, safeDecode(parsed.password)].filter((secret) => secret.length > 0);
  return { url, masked, secrets: [...new Set(secrets)] };
}

/** `text` with every form of the URL's password replaced by `***` (for messages of the driver and the server). */
export function maskSecrets(text: string, storeUrl: StoreUrl): string {
  let masked = text.split(storeUrl.url).join(storeUrl.masked);
  for (const secret of storeUrl.secrets) masked = masked.split(secret).join('***');
  return masked;
}

// --- internal ---

/**
 * The URL text with the password (between `user:` and the last `@` of the authority) replaced, and a `password=`
 * parameter too, whether or not the rest parses.
 */
function maskUrlText(url: string): string {
  const start = url.indexOf('://');
  let masked = url;
  if (start >= 0) {
    const rest = url.slice(start + 3);
    const authority = rest.split(/[?#]/)[0] ?? '';
    const at = authority.lastIndexOf('@');
    const colon = authority.indexOf(':');
    if (at >= 0 && colon >= 0 && colon < at)
      masked = `${url.slice(0, start + 3)}${rest.slice(0, colon + 1)}***${rest.slice(at)}`;
  }
  return masked.replace(/([?&]password=)[^&#]*/i, '$1***');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

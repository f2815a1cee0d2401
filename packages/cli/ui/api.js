// Calls the page's JSON API with the token from the page's URL fragment (kept for the tab's session only).

const TOKEN_KEY = 'toolsift-token';

/** Take the token out of the URL (`#token=…`) into session storage, so it is not left in the address bar. */
export function takeToken() {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1] ?? ''));
    history.replaceState(null, '', `${location.pathname}${location.search}#/catalog`);
  }
}

/** An API error: its HTTP status, stable code and message. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * GET (or POST `body`) an API endpoint and return its JSON; an error answer throws an ApiError.
 * @param {string} path e.g. `tools?text=mail`
 * @param {unknown} [body]
 */
export async function api(path, body) {
  const token = sessionStorage.getItem(TOKEN_KEY) ?? '';
  const response = await fetch(`/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(response.status, error.code ?? 'HTTP_ERROR', error.message ?? response.statusText);
  }
  return data;
}

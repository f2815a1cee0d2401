import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { isBearerToken } from './bearer-token.js';

/** Why a request is refused before anything reads it: the HTTP status, the text to answer, extra headers. */
export interface RequestRefusal {
  status: 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

/** Who may call a local HTTP server (the gateway's MCP endpoint, the `ui` page); see `refuseRequest`. */
export interface RequestGuard {
  /** The bearer token every request must carry; none when undefined. */
  token: string | undefined;
  /** Whether the server is bound to a loopback host (see `isLoopbackHost`). */
  isLoopback: boolean;
  /** The `Host` headers served (`allowedHostsOf`); any when undefined (a server reachable from other machines). */
  allowedHosts: readonly string[] | undefined;
  /** What a refusal names as the server (default `gateway`). */
  subject?: string;
}

/**
 * Why `request` is refused, or undefined to serve it. With a `token`, a request without `Authorization: Bearer
 * <token>` gets 401. On a loopback host, a request whose `Host` header names another host is refused (DNS
 * rebinding). A request with an `Origin` header (a browser page) is refused unless that page is on this machine
 * (loopback host) or on the server's own origin (another host); without one (any client but a browser) it goes on,
 * as the MCP spec's Streamable HTTP security section asks.
 */
export function refuseRequest(request: IncomingMessage, guard: RequestGuard): RequestRefusal | undefined {
  if (guard.token !== undefined && !isBearerToken(request.headers.authorization, guard.token)) {
    return {
      status: 401,
      message: 'Unauthorized: send Authorization: Bearer <token>',
      headers: { 'WWW-Authenticate': 'Bearer' },
    };
  }
  // A web page on another site can make the browser send requests here (DNS rebinding): its Host header tells.
  const { allowedHosts } = guard;
  if (allowedHosts !== undefined && !allowedHosts.includes((request.headers.host ?? '').toLowerCase())) {
    return { status: 403, message: `Forbidden: the Host header must be one of ${allowedHosts.join(', ')}` };
  }
  // A web page on another site can send requests here too: the browser names the page's origin.
  const origin = headerOf(request, 'origin');
  if (
    origin !== undefined &&
    !isAllowedOrigin({ origin, isLoopback: guard.isLoopback, host: request.headers.host })
  ) {
    return {
      status: 403,
      message:
        `Forbidden: requests from the web page at ${JSON.stringify(origin.slice(0, 200))} are refused; ` +
        (guard.isLoopback
          ? `only pages on this machine (localhost, 127.0.0.0/8, [::1]) may call this ${guard.subject ?? 'gateway'}`
          : `only pages on the ${guard.subject ?? 'gateway'}'s own origin may call it`),
    };
  }
  return undefined;
}

/**
 * The `Host` headers a server bound to `host` and `port` answers: for a loopback host, its own name and every
 * loopback name (`127.0.0.1`, `localhost`, `[::1]`), each with the port; undefined (any) for another host.
 */
export function allowedHostsOf(host: string, port: number): string[] | undefined {
  if (!isLoopbackHost(host)) return undefined;
  const names = new Set([shownHostOf(host).toLowerCase(), '127.0.0.1', 'localhost', '[::1]']);
  return [...names].map((name) => `${name}:${port}`);
}

/** A host as a URL writes it: an IPv6 address in brackets. */
export function shownHostOf(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Whether an address or host name is this machine only: `localhost`, any of 127.0.0.0/8, or ::1 (also written in
 * full, in brackets, or as an IPv4-mapped 127 address). `0.0.0.0` and `::` are every interface: not loopback.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (!isIPv6(name)) return false;
  // The URL parser writes an IPv6 address one way: ::1, and an IPv4-mapped 127 address as ::ffff:7fxx:xxxx.
  const normal = new URL(`http://[${name}]/`).hostname;
  return normal === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(normal);
}

/** A request header's first value. */
export function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// --- internal ---

/**
 * An `Origin` the server answers: a page on this machine when it is bound to a loopback host (any port: a local
 * tool such as the MCP Inspector), else a page on the server's own origin. `null` (a sandboxed or file page) and
 * anything unreadable are foreign.
 */
function isAllowedOrigin(options: {
  origin: string;
  isLoopback: boolean;
  host: string | undefined;
}): boolean {
  let url: URL;
  try {
    url = new URL(options.origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (options.isLoopback) return isLoopbackHost(url.hostname);
  return options.host !== undefined && url.host === options.host.toLowerCase();
}

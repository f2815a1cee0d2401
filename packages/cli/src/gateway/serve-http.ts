import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { readJsonBody } from './read-json-body.js';
import { allowedHostsOf, headerOf, isLoopbackHost, refuseRequest } from './request-guard.js';

/** A gateway served over Streamable HTTP. */
export interface HttpGateway {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8931/mcp`. */
  url: string;
  close(): Promise<void>;
  /** How many sessions are open (for tests: a failed initialize must leave none behind). @internal */
  sessionCount(): number;
}

/** Most sessions open at once, by default; see `serveHttp`. */
export const DEFAULT_MAX_SESSIONS = 1000;

/**
 * Serve MCP over Streamable HTTP at `http://<host>:<port>/mcp`, one session (and one MCP server, from
 * `createServer`) per client, all sharing the gateway's upstreams and index. With a `token`, a request without
 * `Authorization: Bearer <token>` gets 401 before anything reads it. On a loopback host (`localhost`, 127.0.0.0/8,
 * ::1), a request whose `Host` header names another host is refused (DNS rebinding). A request with an `Origin`
 * header (a browser page) is refused unless that page is on this machine (loopback host) or on the gateway's own
 * origin (another host); without one (any client but a browser) it goes on, as the MCP spec's Streamable HTTP
 * security section asks. A session no request has used for `idleTimeoutMs` (30 minutes by default) is closed, so
 * a client that vanished without ending its session does not keep it forever; at `maxSessions` (1,000 by default)
 * a new one closes the session idle longest, or is refused with 503 when every session has a request open.
 */
export async function serveHttp(options: {
  port: number;
  host: string;
  token: string | undefined;
  createServer: () => McpServer;
  idleTimeoutMs?: number;
  maxSessions?: number;
  /** Told once, the first time the session cap is met. */
  log?: (line: string) => void;
}): Promise<HttpGateway> {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const idle = createIdleTracker(idleTimeoutMs);
  const isLoopback = isLoopbackHost(options.host);
  let allowedHosts: string[] | undefined;
  let isCapMet = false;

  /** Room for one more session: the one idle longest is closed; false when every one has a request open. */
  const makeRoom = async (): Promise<boolean> => {
    while (sessions.size >= maxSessions) {
      const oldest = idle.oldestIdle();
      const transport = oldest === undefined ? undefined : sessions.get(oldest);
      if (oldest === undefined || transport === undefined) return false;
      if (!isCapMet) {
        isCapMet = true;
        options.log?.(
          `HTTP sessions reached the cap of ${maxSessions.toLocaleString('en-US')}: each new one closes the session idle longest`,
        );
      }
      idle.forget(oldest);
      sessions.delete(oldest);
      await transport.close().catch(() => undefined);
    }
    return true;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const refusal = refuseRequest(request, { token: options.token, isLoopback, allowedHosts });
    if (refusal !== undefined) {
      response.writeHead(refusal.status, { ...refusal.headers, 'Content-Type': 'application/json' });
      response.end(rpcError(refusal.message));
      request.resume();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://gateway').pathname;
    if (pathname !== ENDPOINT) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(rpcError(`Not found: the MCP endpoint is ${ENDPOINT}`));
      request.resume();
      return;
    }
    const sessionId = headerOf(request, 'mcp-session-id');
    const body = request.method === 'POST' ? await readJson(request, response) : undefined;
    if (body === INVALID) return;
    if (sessionId !== undefined) {
      const transport = sessions.get(sessionId);
      if (transport === undefined) {
        response.writeHead(404, { 'Content-Type': 'application/json' });
        response.end(rpcError('Session not found: start a new one with an initialize request'));
        return;
      }
      idle.track(sessionId, response, () => void transport.close().catch(() => undefined));
      await transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end(
        rpcError('Bad request: no mcp-session-id header, and the request is no initialize request'),
      );
      return;
    }
    if (!(await makeRoom())) {
      response.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '60' });
      response.end(
        rpcError(
          `Too many sessions: the gateway holds at most ${maxSessions.toLocaleString('en-US')}, and each has a ` +
            'request open. End a session you no longer use (DELETE with its mcp-session-id), or try again later.',
          idOf(body),
        ),
      );
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        idle.track(id, response, () => void transport.close().catch(() => undefined));
      },
    });
    const server = options.createServer();
    transport.onclose = () => {
      if (transport.sessionId !== undefined) {
        sessions.delete(transport.sessionId);
        idle.forget(transport.sessionId);
      }
      server.close().catch(() => undefined);
    };
    await server.connect(transport);
    try {
      await transport.handleRequest(request, response, body);
    } finally {
      // Refused before a session was made (406 without `Accept: text/event-stream`, a bad version...): nothing will
      // ever reach this server again, so it is closed now (with it, its listener on the shared core).
      if (transport.sessionId === undefined) await transport.close().catch(() => undefined);
    }
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(rpcError(`Internal error: ${error instanceof Error ? error.message : String(error)}`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  allowedHosts = allowedHostsOf(options.host, port);
  return {
    url: `http://${shownHost}:${port}${ENDPOINT}`,
    sessionCount: () => sessions.size,
    async close() {
      idle.stop();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export { isLoopbackHost } from './request-guard.js';

// --- internal ---

const ENDPOINT = '/mcp';
/** Largest request body read: the SDK's own bound for one message. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const INVALID = Symbol('invalid body');
const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Closes a session once no request of it has been open for `timeoutMs`. A request (an SSE stream a client holds
 * open to hear notifications, too) keeps its session busy until its response ends. Knows which idle session has
 * been idle longest.
 */
function createIdleTracker(timeoutMs: number) {
  const states = new Map<string, { open: number; timer?: NodeJS.Timeout }>();
  // The sessions with no request open, the one idle longest first (a Set keeps insertion order).
  const idleSince = new Set<string>();
  return {
    track(sessionId: string, response: ServerResponse, close: () => void): void {
      let state = states.get(sessionId);
      if (state === undefined) {
        state = { open: 0 };
        states.set(sessionId, state);
      }
      const current = state;
      clearTimeout(current.timer);
      current.open += 1;
      idleSince.delete(sessionId);
      response.once('close', () => {
        current.open -= 1;
        if (current.open > 0 || states.get(sessionId) !== current) return;
        idleSince.add(sessionId);
        clearTimeout(current.timer);
        current.timer = setTimeout(close, timeoutMs);
        current.timer.unref();
      });
    },
    oldestIdle(): string | undefined {
      return idleSince.values().next().value;
    },
    forget(sessionId: string): void {
      clearTimeout(states.get(sessionId)?.timer);
      states.delete(sessionId);
      idleSince.delete(sessionId);
    },
    stop(): void {
      for (const state of states.values()) clearTimeout(state.timer);
      states.clear();
      idleSince.clear();
    },
  };
}

/** The parsed JSON body, or INVALID after answering 413 or 400 (too large, not JSON). */
async function readJson(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
  const body = await readJsonBody(request, MAX_BODY_BYTES, () => {
    response.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
    response.end(rpcError(`Request body larger than ${MAX_BODY_BYTES} bytes`));
  });
  if (body.ok) return body.value;
  if (body.reason === 'not-json') {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
    );
  }
  return INVALID;
}

/** The id of a JSON-RPC request body; null when it has none readable. */
function idOf(body: unknown): RequestId | null {
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function rpcError(message: string, id: RequestId | null = null): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id });
}

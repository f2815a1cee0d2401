import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isBearerToken } from './bearer-token.js';

/** A gateway served over Streamable HTTP. */
export interface HttpGateway {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8931/mcp`. */
  url: string;
  close(): Promise<void>;
  /** How many sessions are open (for tests: a failed initialize must leave none behind). @internal */
  sessionCount(): number;
}

/**
 * Serve MCP over Streamable HTTP at `http://<host>:<port>/mcp`, one session (and one MCP server, from
 * `createServer`) per client, all sharing the gateway's upstreams and index. With a `token`, a request without
 * `Authorization: Bearer <token>` gets 401 before anything reads it. On a loopback host, requests whose `Host`
 * header names another host are refused (DNS rebinding). A session no request has used for `idleTimeoutMs` (30
 * minutes by default) is closed, so a client that vanished without ending its session does not keep it forever.
 */
export async function serveHttp(options: {
  port: number;
  host: string;
  token: string | undefined;
  createServer: () => Server;
  idleTimeoutMs?: number;
}): Promise<HttpGateway> {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const idle = createIdleTracker(idleTimeoutMs);
  let allowedHosts: string[] | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (options.token !== undefined && !isBearerToken(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'application/json' });
      response.end(rpcError('Unauthorized: send Authorization: Bearer <token>'));
      request.resume();
      return;
    }
    // A web page on another site can make the browser send requests here (DNS rebinding): its Host header tells.
    if (allowedHosts !== undefined && !allowedHosts.includes(request.headers.host ?? '')) {
      response.writeHead(403, { 'Content-Type': 'application/json' });
      response.end(rpcError(`Forbidden: the Host header must be one of ${allowedHosts.join(', ')}`));
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
  if (LOOPBACK_HOSTS.includes(options.host)) {
    allowedHosts = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${port}`);
  }
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
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

// --- internal ---

const ENDPOINT = '/mcp';
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'];
/** Largest request body read: the SDK's own bound for one message. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const INVALID = Symbol('invalid body');
const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Closes a session once no request of it has been open for `timeoutMs`. A request (an SSE stream a client holds
 * open to hear notifications, too) keeps its session busy until its response ends.
 */
function createIdleTracker(timeoutMs: number) {
  const states = new Map<string, { open: number; timer?: NodeJS.Timeout }>();
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
      response.once('close', () => {
        current.open -= 1;
        if (current.open > 0 || states.get(sessionId) !== current) return;
        clearTimeout(current.timer);
        current.timer = setTimeout(close, timeoutMs);
        current.timer.unref();
      });
    },
    forget(sessionId: string): void {
      clearTimeout(states.get(sessionId)?.timer);
      states.delete(sessionId);
    },
    stop(): void {
      for (const state of states.values()) clearTimeout(state.timer);
      states.clear();
    },
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The parsed JSON body, or INVALID after answering 413 or 400 (too large, not JSON). */
async function readJson(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      response.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
      response.end(rpcError(`Request body larger than ${MAX_BODY_BYTES} bytes`));
      request.destroy();
      return INVALID;
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
    );
    return INVALID;
  }
}

function rpcError(message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

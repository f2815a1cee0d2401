import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createGatewayServer, type GatewayCore } from '../../src/gateway/create-gateway-server.js';
import { type HttpGateway, isLoopbackHost, serveHttp } from '../../src/gateway/serve-http.js';

// The real HTTP server and the real gateway MCP server, on 127.0.0.1. The core is only what an initialize and a
// `tools/list` with nothing searched yet touch: its change listeners, counted, so a leaked one shows.
function listenerCore(): { core: GatewayCore; listeners: Set<() => void> } {
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { core: { subscribe } as unknown as GatewayCore, listeners };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

let gateway: HttpGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function start(idleTimeoutMs?: number, options: { host?: string; maxSessions?: number } = {}) {
  const { core, listeners } = listenerCore();
  const logs: string[] = [];
  gateway = await serveHttp({
    port: 0,
    host: options.host ?? '127.0.0.1',
    token: undefined,
    createServer: () => createGatewayServer({ core, dynamicMax: 5 }),
    ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    log: (line) => logs.push(line),
  });
  return { gateway, listeners, logs };
}

function initialize(url: string, accept: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept, ...headers },
    body: JSON.stringify(INITIALIZE),
  });
}

const ACCEPT = 'application/json, text/event-stream';

/** A new session's id; the initialize response is read to its end, so the session is idle after it. */
async function openSession(url: string): Promise<string> {
  const response = await initialize(url, ACCEPT);
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('mcp-session-id') ?? '';
}

function listTools(url: string, sessionId: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: ACCEPT,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  });
}

/** The status of an initialize sent with this Host header (fetch sends the URL's own). */
function statusWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { Host: host, 'Content-Type': 'application/json', Accept: ACCEPT } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(INITIALIZE));
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe('serveHttp sessions', () => {
  test('an initialize refused before a session exists (406) leaves no session or listener; the next client works', async () => {
    const { gateway, listeners } = await start();
    const refused = await initialize(gateway.url, 'application/json');
    expect(refused.status).toBe(406);
    expect(refused.headers.get('mcp-session-id')).toBeNull();
    expect(gateway.sessionCount()).toBe(0);
    expect(listeners.size).toBe(0);

    const client = await connect(gateway.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    expect(gateway.sessionCount()).toBe(1);
    expect(listeners.size).toBe(1);
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    await client.close();
    expect(gateway.sessionCount()).toBe(0);
    expect(listeners.size).toBe(0);
  });

  test('a session no request has used for the idle timeout is closed, with its listener', async () => {
    const { gateway, listeners } = await start(50);
    const response = await initialize(gateway.url, 'application/json, text/event-stream');
    expect(response.status).toBe(200);
    await response.text();
    expect(response.headers.get('mcp-session-id')).not.toBeNull();
    await vi.waitFor(() => expect(gateway.sessionCount()).toBe(0), { timeout: 5000 });
    expect(listeners.size).toBe(0);
    const again = await fetch(gateway.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'mcp-session-id': response.headers.get('mcp-session-id') ?? '',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(again.status).toBe(404);
  });
});

describe('serveHttp: Host and Origin', () => {
  test.each([
    ['https://attacker.example', 403],
    ['http://attacker.example:8931', 403],
    ['null', 403],
    ['file://', 403],
    ['http://localhost:6274', 200],
    ['http://127.0.0.1:3000', 200],
    ['http://[::1]:3000', 200],
  ])('on 127.0.0.1, a request from the page at %s gets %i', async (origin, status) => {
    const { gateway } = await start();
    const response = await initialize(gateway.url, ACCEPT, { Origin: origin });
    expect(response.status).toBe(status);
    const body = await response.text();
    if (status === 403) {
      expect(JSON.parse(body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `Forbidden: requests from the web page at ${JSON.stringify(origin)} are refused; only pages on this machine (localhost, 127.0.0.0/8, [::1]) may call this gateway`,
        },
      });
      expect(gateway.sessionCount()).toBe(0);
    }
  });

  test('a request without Origin (any client but a browser) is served', async () => {
    const { gateway } = await start();
    expect((await initialize(gateway.url, ACCEPT)).status).toBe(200);
  });

  test('bound to 127.0.0.2, a Host header naming another host is refused and its own address is served', async () => {
    const { gateway } = await start(undefined, { host: '127.0.0.2' });
    const { port } = new URL(gateway.url);
    expect(gateway.url).toBe(`http://127.0.0.2:${port}/mcp`);
    expect(await statusWithHost(gateway.url, `attacker.example:${port}`)).toBe(403);
    expect(await statusWithHost(gateway.url, `127.0.0.2:${port}`)).toBe(200);
    expect(await statusWithHost(gateway.url, `localhost:${port}`)).toBe(200);
    const foreign = await initialize(gateway.url, ACCEPT, { Origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
  });

  test.each([
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['127.255.255.254', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['app.localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['128.0.0.1', false],
    ['192.168.1.10', false],
    ['::2', false],
    ['::ffff:10.0.0.1', false],
    ['127.0.0.1.example.com', false],
    ['localhost.example.com', false],
  ])('isLoopbackHost(%s) is %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('serveHttp: the session cap', () => {
  test('at the cap, a new session closes the one idle longest; the others go on', async () => {
    const { gateway, logs } = await start(undefined, { maxSessions: 2 });
    const first = await openSession(gateway.url);
    const second = await openSession(gateway.url);
    // The first is used again: the second is now the one idle longest.
    expect((await listTools(gateway.url, first)).status).toBe(200);
    const third = await openSession(gateway.url);
    expect(gateway.sessionCount()).toBe(2);
    expect((await listTools(gateway.url, second)).status).toBe(404);
    expect((await listTools(gateway.url, first)).status).toBe(200);
    expect((await listTools(gateway.url, third)).status).toBe(200);
    expect(logs).toEqual([
      'HTTP sessions reached the cap of 2: each new one closes the session idle longest',
    ]);
  });

  test('at the cap with a request open in every session, a new one is refused with 503 and a JSON-RPC error', async () => {
    const { gateway } = await start(undefined, { maxSessions: 1 });
    const only = await openSession(gateway.url);
    // The notification stream a client holds open keeps its session busy.
    const stream = await fetch(gateway.url, {
      headers: { Accept: 'text/event-stream', 'mcp-session-id': only, 'mcp-protocol-version': '2025-06-18' },
    });
    expect(stream.status).toBe(200);
    const refused = await initialize(gateway.url, ACCEPT);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message:
          'Too many sessions: the gateway holds at most 1, and each has a request open. End a session you no longer use (DELETE with its mcp-session-id), or try again later.',
      },
    });
    expect(gateway.sessionCount()).toBe(1);
    await stream.body?.cancel();
  });
});

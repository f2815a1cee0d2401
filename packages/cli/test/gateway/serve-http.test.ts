import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createGatewayServer, type GatewayCore } from '../../src/gateway/create-gateway-server.js';
import { type HttpGateway, serveHttp } from '../../src/gateway/serve-http.js';

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

async function start(idleTimeoutMs?: number) {
  const { core, listeners } = listenerCore();
  gateway = await serveHttp({
    port: 0,
    host: '127.0.0.1',
    token: undefined,
    createServer: () => createGatewayServer({ core, dynamicMax: 5 }),
    ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
  });
  return { gateway, listeners };
}

function initialize(url: string, accept: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(INITIALIZE),
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

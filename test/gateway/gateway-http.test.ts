import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectHttpClient,
  nodeServer,
  notesFilesystemServer,
  referenceServer,
  startHttpGateway,
  toolNames,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The gateway over Streamable HTTP with a bearer token (from the environment), in front of the real filesystem and
// memory servers; several SDK clients share it.
const TOKEN = 'gw-token-5d41402abc4b2a76b9719d911017c592';
const NOTES = 'The launch is on Friday.\n';

const folder = tempFolder('toolsift-gateway-http-');
let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
const clients: Client[] = [];

beforeAll(async () => {
  const filesystem = await notesFilesystemServer(folder, NOTES);
  const config = await writeConfig(folder, {
    filesystem,
    memory: nodeServer(referenceServer('server-memory'), [], {
      MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
    }),
  });
  gateway = await startHttpGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index')],
    env: { TOOLSIFT_GATEWAY_TOKEN: TOKEN },
  });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await gateway?.stop();
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(headers: Record<string, string>): Promise<Response> {
  return fetch(gateway.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(INITIALIZE),
  });
}

describe('toolsift gateway --http', () => {
  test('binds 127.0.0.1 by default and says where it serves, never the token', () => {
    expect(gateway.url.hostname).toBe('127.0.0.1');
    expect(gateway.url.pathname).toBe('/mcp');
    expect(gateway.stderr()).toContain('(bearer token required)');
    expect(gateway.stderr()).not.toContain(TOKEN);
  });

  test.each([
    ['no Authorization header', {}],
    ['a wrong token', { Authorization: 'Bearer not-the-token' }],
    ['the token without Bearer', { Authorization: TOKEN }],
    ['another scheme', { Authorization: `Basic ${TOKEN}` }],
  ])('a request with %s gets 401 and no session', async (_case, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Unauthorized: send Authorization: Bearer <token>' },
      id: null,
    });
  });

  test('the SDK client without the token cannot connect', async () => {
    await expect(connectHttpClient(gateway.url)).rejects.toThrow(
      /Unauthorized: send Authorization: Bearer <token>/,
    );
  });

  test('with the token: search_tools finds read_text_file and call_tool returns the real file', async () => {
    const client = await connectHttpClient(gateway.url, TOKEN);
    clients.push(client);
    const search = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'read the file notes.txt in my project folder', k: 5 },
    });
    expect(toolNames(search)).toContain('filesystem__read_text_file');
    const read = await client.callTool({
      name: 'call_tool',
      arguments: {
        name: 'filesystem__read_text_file',
        arguments: { path: path.join(folder, 'project', 'notes.txt') },
      },
    });
    expect(read.content).toEqual([{ type: 'text', text: NOTES }]);
  });

  test('several clients share the gateway, each in its own session', async () => {
    const more = await Promise.all([1, 2, 3].map(() => connectHttpClient(gateway.url, TOKEN)));
    clients.push(...more);
    const answers = await Promise.all(
      more.map((client) =>
        client.callTool({
          name: 'call_tool',
          arguments: { name: 'memory__read_graph', arguments: {} },
        }),
      ),
    );
    for (const answer of answers) expect(answer.isError).not.toBe(true);
    const sessions = new Set(more.map((client) => (client.transport as { sessionId?: string }).sessionId));
    expect(sessions.size).toBe(3);
  });

  test('a request with the token to another path is 404, and an unknown session is 404', async () => {
    const elsewhere = await fetch(new URL('/other', gateway.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: '{}',
    });
    expect(elsewhere.status).toBe(404);
    const unknown = await post({ Authorization: `Bearer ${TOKEN}`, 'mcp-session-id': 'no-such-session' });
    expect(unknown.status).toBe(404);
  });

  test('a request naming another host (DNS rebinding) is refused, even with the token', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        gateway.url,
        {
          method: 'POST',
          headers: {
            Host: `attacker.example:${gateway.url.port}`,
            Authorization: `Bearer ${TOKEN}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(INITIALIZE));
    });
    expect(status).toBe(403);
  });

  test('a body that is not JSON is a JSON-RPC parse error with "id": null; one over 4 MiB is a 413', async () => {
    const send = (body: string) =>
      fetch(gateway.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
    const notJson = await send('{"jsonrpc":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    });
    const tooLarge = await send(
      JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(5 * 1024 * 1024) }),
    ).catch((error: Error) => error);
    // The gateway answers 413 and closes the connection; a client still sending may see the close first.
    if (!(tooLarge instanceof Error)) expect(tooLarge.status).toBe(413);
    // The gateway serves on.
    expect((await post({ Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

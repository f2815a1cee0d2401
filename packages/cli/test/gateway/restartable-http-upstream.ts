import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** A real remote MCP server on 127.0.0.1 with one tool, `echo`, that can be stopped and started again. */
export interface RestartableHttpUpstream {
  /** Its endpoint; the same after a restart (the same port). */
  readonly url: URL;
  /** Stop serving: the port refuses connections, every session is forgotten. */
  stop(): Promise<void>;
  /** Serve again on the same port, with no session (a client's old session id gets 404). */
  start(): Promise<void>;
  /** Forget every session while serving on, as a server restarted behind a proxy does: old session ids get 404. */
  forgetSessions(): void;
}

/**
 * Start a stateful server (one session per client, as most remote servers keep) whose `echo` tool returns
 * `echo: <text>`: Streamable HTTP on `/mcp`, or the older SSE transport (`/sse`, messages posted to `/messages`).
 */
export async function startRestartableHttpUpstream(
  transport: 'http' | 'sse',
): Promise<RestartableHttpUpstream> {
  let port = 0;
  let http: HttpServer | undefined;
  const sessions = new Map<string, StreamableHTTPServerTransport | SSEServerTransport>();
  const handle = transport === 'http' ? handleStreamableHttp : handleSse;
  const start = async (): Promise<void> => {
    sessions.clear();
    http = createServer((request, response) => void handle(sessions, request, response));
    const server = http;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await start();
  return {
    get url() {
      return new URL(`http://127.0.0.1:${port}/${transport === 'http' ? 'mcp' : 'sse'}`);
    },
    start,
    forgetSessions: () => sessions.clear(),
    async stop() {
      const server = http;
      if (server === undefined) return;
      http = undefined;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// --- internal ---

type Sessions = Map<string, StreamableHTTPServerTransport | SSEServerTransport>;

async function handleStreamableHttp(sessions: Sessions, request: IncomingMessage, response: ServerResponse) {
  const id = request.headers['mcp-session-id'];
  const known = typeof id === 'string' ? sessions.get(id) : undefined;
  if (known instanceof StreamableHTTPServerTransport) return known.handleRequest(request, response);
  if (id !== undefined) return void response.writeHead(404).end('unknown session');
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
  });
  await echoServer().connect(transport);
  await transport.handleRequest(request, response);
}

async function handleSse(sessions: Sessions, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/sse') {
    const transport = new SSEServerTransport('/messages', response);
    sessions.set(transport.sessionId, transport);
    await echoServer().connect(transport);
    return;
  }
  const known = sessions.get(url.searchParams.get('sessionId') ?? '');
  if (known instanceof SSEServerTransport) return known.handlePostMessage(request, response);
  response.writeHead(404).end('unknown session');
}

function echoServer(): Server {
  const server = new Server({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: 'echo',
        description: 'Repeat a text back',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: `echo: ${String(request.params.arguments?.text)}` }],
  }));
  return server;
}

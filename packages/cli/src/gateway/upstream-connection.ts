import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  type Progress,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.js';
import { listUpstreamTools, TOOLS_PAGE, type UpstreamToolList } from './list-upstream-tools.js';
import type { UpstreamConfig } from './read-gateway-config.js';
import type { StderrTail } from './stderr-tail.js';
import { type OversizedUpstreamMessage, StdioUpstreamTransport } from './stdio-upstream-transport.js';

/**
 * The longest message the gateway reads from a stdio server, by default: 32 MiB. A result is one message: server-
 * filesystem's `read_media_file` on an 8 MB image is 21.3 MB (the base64 twice, as content and structured content),
 * over the SDK's own limit of 10 MiB. HTTP upstreams have no such limit: their answers are read whole.
 */
export const DEFAULT_MAX_RESULT_BYTES = 32 * 1024 * 1024;

/** A proxied call: its arguments, and what ties it to the agent's own request. */
export interface UpstreamCall {
  arguments: Record<string, unknown>;
  /** The upstream's progress notifications, passed on to the agent. */
  onProgress?: ((progress: Progress) => void) | undefined;
  /** Aborts the upstream call when the agent cancels its request. */
  signal?: AbortSignal | undefined;
}

/** What an open connection tells its owner. */
export interface UpstreamEvents {
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged: () => void;
  /** The connection ended: the process exited, the HTTP session broke, or `close()` was called. */
  onClosed: () => void;
  /**
   * A message could not be sent: a remote server is gone (fetch failed), restarted (its session id gets 404) or
   * refuses it (401). Only a transport failure, never a tool's error or a JSON-RPC error answer; reported after the
   * request that met it got this error.
   */
  onBroken: (error: unknown) => void;
  /**
   * A stdio server sent a message longer than the gateway reads (`maxResultBytes`): it was skipped, the request it
   * answered (if any) got an error naming its size, and the connection serves on.
   */
  onOversized: (message: OversizedUpstreamMessage) => void;
}

/** What a server says about itself in the MCP handshake. */
export interface UpstreamServerInfo {
  /** `serverInfo.name`, e.g. `secure-filesystem-server`. */
  name: string;
  /** `serverInfo.title`, when it gives one. */
  title?: string;
  /** The `instructions` of its initialize result. */
  instructions?: string;
}

/** A connected upstream MCP server: list its tools, call one, close it. */
export interface UpstreamConnection {
  readonly name: string;
  /** What the server said about itself when it connected. */
  readonly serverInfo: UpstreamServerInfo | undefined;
  /** Every tool the server lists, all pages read (bounded), with what was wrong in the list. */
  listTools(options: { timeoutMs: number }): Promise<UpstreamToolList>;
  /** Call a tool by its upstream name; the server's own result, `isError` included. */
  callTool(request: UpstreamCall & { tool: string; timeoutMs: number }): Promise<CallToolResult>;
  /** The server process's id, for stdio servers. */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/**
 * Start (stdio) or reach (HTTP) one upstream server and complete the MCP handshake within `timeoutMs`. A stdio
 * server's stderr is kept in `stderr` (its last lines, with the configured secrets masked), never passed through.
 * Rejects when the server cannot be started or does not answer in time; the process is then stopped.
 */
export async function connectUpstream(options: {
  config: UpstreamConfig;
  timeoutMs: number;
  stderr: StderrTail;
  events: UpstreamEvents;
}): Promise<UpstreamConnection> {
  const { config, events } = options;
  const transport = reportingBrokenSends(createTransport(config, options.stderr, events), events.onBroken);
  const client = new Client({ name: 'toolsift-gateway', version: VERSION }, { capabilities: {} });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => events.onToolsChanged());
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  // Set after the handshake: a failed start is reported by the rejection above, not as a close.
  client.onclose = () => events.onClosed();
  return {
    name: config.name,
    serverInfo: serverInfoOf(client),
    pid: transport instanceof StdioUpstreamTransport ? transport.pid : undefined,
    // `request`, not `client.listTools`: that one compiles a validator for every output schema (not free at
    // thousands of tools) and refuses a whole page for one bad tool; `listUpstreamTools` checks each tool alone.
    listTools: ({ timeoutMs }) =>
      listUpstreamTools((cursor) =>
        client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, TOOLS_PAGE, {
          timeout: timeoutMs,
        }),
      ),
    async callTool(request) {
      // `request`, not `client.callTool`: a proxy passes the result on as the server sent it. The client's own
      // output-schema check would turn a result it finds wrong into an error the agent's client never saw.
      const result = await client.request(
        { method: 'tools/call', params: { name: request.tool, arguments: request.arguments } },
        CallToolResultSchema,
        {
          timeout: request.timeoutMs,
          resetTimeoutOnProgress: true,
          onprogress: (progress) => request.onProgress?.(progress),
          ...(request.signal !== undefined ? { signal: request.signal } : {}),
        },
      );
      return result as CallToolResult;
    },
    close: () => client.close(),
  };
}

// --- internal ---

function serverInfoOf(client: Client): UpstreamServerInfo | undefined {
  const info = client.getServerVersion();
  if (info === undefined || typeof info.name !== 'string' || info.name === '') return undefined;
  const instructions = client.getInstructions();
  return {
    name: info.name,
    ...(typeof info.title === 'string' && info.title !== '' ? { title: info.title } : {}),
    ...(typeof instructions === 'string' && instructions.trim() !== ''
      ? { instructions: instructions.trim() }
      : {}),
  };
}

/**
 * `transport`, reporting every message it fails to send to `onBroken`. The HTTP and SSE client transports call
 * `onclose` only from their own `close()`: a send that fails is the only sign that a remote server went away.
 */
function reportingBrokenSends(transport: Transport, onBroken: (error: unknown) => void): Transport {
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    try {
      await send(message, sendOptions);
    } catch (error) {
      // On a later turn: closing the connection now would give the waiting request "Connection closed" instead.
      setImmediate(() => onBroken(error));
      throw error;
    }
  };
  return transport;
}

function createTransport(config: UpstreamConfig, stderr: StderrTail, events: UpstreamEvents): Transport {
  switch (config.transport) {
    case 'stdio': {
      const transport = new StdioUpstreamTransport({
        command: config.command,
        args: config.args,
        env: config.env,
        cwd: config.cwd,
        maxMessageBytes: config.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
        onOversized: events.onOversized,
      });
      transport.stderr.on('data', (chunk: Buffer) => stderr.append(chunk.toString('utf8')));
      return transport;
    }
    case 'http':
      return new StreamableHTTPClientTransport(config.url, { requestInit: { headers: config.headers } });
    case 'sse':
      return new SSEClientTransport(config.url, { requestInit: { headers: config.headers } });
    default: {
      const unreachable: never = config;
      return unreachable;
    }
  }
}

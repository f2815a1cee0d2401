import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ExitCode, ExitWith } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { untilSignal } from '../process/until-signal.js';
import { BoundedStdioTransport } from './bounded-stdio-transport.js';

/**
 * Serve `server` on the process's stdin/stdout (`serve --mcp`, the gateway) until stdin ends (the client is done),
 * stdin or stdout fails, the server is closed (`server.close()`, e.g. from `onConnected`), or SIGINT or SIGTERM
 * comes; then the server is closed. A connection that broke is no clean end: it is said on stderr, and the command
 * exits with 2 (ExitWith).
 */
export async function serveStdio(options: {
  io: CliIo;
  server: McpServer;
  /** Runs once the server is connected (it may close the server). */
  onConnected?: () => void;
}): Promise<void> {
  const { io, server } = options;
  const transport = new BoundedStdioTransport({ stdin: process.stdin, stdout: process.stdout });
  // Set before `connect`, which keeps it and adds its own.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  options.onConnected?.();
  // A signal ends it too, so that the gateway closes its upstreams (some do not exit when stdin ends).
  const signal = untilSignal();
  await Promise.race([closed, signal.received]);
  signal.stop();
  await server.close();
  if (transport.failure !== undefined) {
    io.stderr.write(`toolsift: the MCP connection failed: ${transport.failure.message}\n`);
    throw new ExitWith(ExitCode.InternalError);
  }
}

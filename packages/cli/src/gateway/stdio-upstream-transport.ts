import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
  ErrorCode as RpcErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import spawn from 'cross-spawn';
import { BoundedLineReader, type OversizedLine } from '../mcp/bounded-line-reader.js';

/** A message of an upstream server longer than the gateway reads, skipped unread. */
export interface OversizedUpstreamMessage {
  bytes: number;
  maxBytes: number;
  /** The gateway's request it answered (`tools/call "read_media_file"`); undefined when it answered none. */
  request: string | undefined;
  /** What happened, in one sentence for the log (`answered tools/call "read_media_file" with 14,680,100 bytes…`). */
  text: string;
}

/**
 * The client side of MCP over stdio for the gateway's upstreams: starts the server as the SDK's `StdioClientTransport`
 * does (same default environment, cross-spawn, stdin closed then SIGTERM then SIGKILL 2 s apart on `close`), but
 * reads its stdout with a bound per message. The SDK's transport closes the connection on any line over 10 MiB, so
 * one big result failed every call in flight and restarted the server. Here a line over `maxMessageBytes` is skipped
 * unread: when it answers a request of the gateway, that request alone gets an error naming the size and the limit,
 * and `onOversized` is told either way; everything else goes on.
 */
export class StdioUpstreamTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly server: { command: string; args: string[]; env: Record<string, string>; cwd?: string };
  private readonly maxMessageBytes: number;
  private readonly onOversized: (message: OversizedUpstreamMessage) => void;
  private readonly reader: BoundedLineReader;
  private readonly stderrStream = new PassThrough();
  /** The gateway's requests not answered yet, by id: what each asked, to name it when its answer is too large. */
  private readonly pending = new Map<RequestId, string>();
  private process: ChildProcess | undefined;

  constructor(options: {
    command: string;
    args: string[];
    env: Record<string, string>;
    cwd?: string | undefined;
    maxMessageBytes: number;
    onOversized: (message: OversizedUpstreamMessage) => void;
  }) {
    const { command, args, env, cwd } = options;
    this.server = { command, args, env, ...(cwd !== undefined ? { cwd } : {}) };
    this.maxMessageBytes = options.maxMessageBytes;
    this.onOversized = options.onOversized;
    this.reader = new BoundedLineReader({
      maxLineBytes: options.maxMessageBytes,
      onLine: (line) => this.read(line),
      onOversized: (line) => this.skip(line),
    });
  }

  /** The server's stderr; readable before `start`, so that nothing it writes early is lost. */
  get stderr(): PassThrough {
    return this.stderrStream;
  }

  /** The server process's id, once started. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  start(): Promise<void> {
    if (this.process !== undefined) throw new Error('StdioUpstreamTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, this.server.args, {
        env: { ...getDefaultEnvironment(), ...this.server.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: process.platform === 'win32',
        ...(this.server.cwd !== undefined ? { cwd: this.server.cwd } : {}),
      });
      this.process = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        if (this.process === child) this.process = undefined;
        this.reader.stop();
        this.pending.clear();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderrStream);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.process?.stdin;
      if (stdin == null) {
        reject(new Error('Not connected'));
        return;
      }
      this.track(message);
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child === undefined) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const closedWithin = (ms: number) =>
      Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    await closedWithin(CLOSE_GRACE_MS);
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      if (signal === 'SIGTERM') await closedWithin(CLOSE_GRACE_MS);
    }
  }

  // --- internal ---

  /** Remember a request until its answer; a cancelled one will not be answered. */
  private track(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message) {
      const name = (message.params as { name?: unknown } | undefined)?.name;
      this.pending.set(message.id, typeof name === 'string' ? `${message.method} "${name}"` : message.method);
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.pending.delete(id);
    }
  }

  private read(line: string): void {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      // As the SDK does: a line that is no message is reported, and the connection goes on.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!('method' in message) && message.id !== undefined) this.pending.delete(message.id);
    this.onmessage?.(message);
  }

  private skip({ id, bytes }: OversizedLine): void {
    const request = id === undefined ? undefined : this.pending.get(id);
    const size = formatBytes(bytes);
    const limit = formatBytes(this.maxMessageBytes);
    if (id === undefined || request === undefined) {
      this.onOversized({
        bytes,
        maxBytes: this.maxMessageBytes,
        request: undefined,
        text: `sent a message of ${size}, more than the ${limit} the gateway reads from a server: it was skipped, the server serves on`,
      });
      return;
    }
    this.pending.delete(id);
    this.onOversized({
      bytes,
      maxBytes: this.maxMessageBytes,
      request,
      text: `answered ${request} with ${size}, more than the ${limit} the gateway reads from a server: that request failed, the server serves on`,
    });
    this.onmessage?.({
      jsonrpc: '2.0',
      id,
      error: {
        code: RpcErrorCode.InternalError,
        message:
          `Result too large: the server's answer has ${size}; the gateway reads at most ${limit} per message ` +
          "from a server. Ask for less, or raise the gateway's --max-result-mb.",
        data: { bytes, maxBytes: this.maxMessageBytes },
      },
    });
  }
}

// --- internal ---

/** How long `close` waits for the server to exit after closing its stdin, and again after SIGTERM (as the SDK). */
const CLOSE_GRACE_MS = 2000;

/** `21,333,517 bytes (20.3 MiB)`; below 1 MiB the bytes alone. */
function formatBytes(bytes: number): string {
  const text = `${bytes.toLocaleString('en-US')} bytes`;
  return bytes < MIB ? text : `${text} (${Number((bytes / MIB).toFixed(1))} MiB)`;
}

const MIB = 1024 * 1024;

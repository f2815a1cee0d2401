import type { Readable, Writable } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
  ErrorCode as RpcErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import { BoundedLineReader, type OversizedLine } from './bounded-line-reader.js';

/**
 * MCP over stdio, one JSON-RPC message per line, that no line can end. The SDK's `StdioServerTransport` closes
 * itself, unanswered, on a line over 10 MiB (the server then exited 0 with the client still waiting), and drops a
 * line that is not a message without a word. Here a line over `maxLineBytes` is skipped unread and answered with
 * an Invalid Request error carrying its id (found while skipping it), and a line that is not JSON or not JSON-RPC
 * gets a Parse error or Invalid Request, with `"id": null` when its id cannot be read (JSON-RPC 2.0, section 5).
 * The transport closes only when stdin ends or fails, or on `close()`.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Why it closed, when that was a failure of stdin or stdout rather than the client ending stdin or `close()`. */
  failure: Error | undefined;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxLineBytes: number;
  private readonly reader: BoundedLineReader;
  private isClosed = false;

  constructor(options: { stdin: Readable; stdout: Writable; maxLineBytes?: number }) {
    this.stdin = options.stdin;
    this.stdout = options.stdout;
    // The SDK's limit: lines below it are read as before.
    this.maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
    this.reader = new BoundedLineReader({
      maxLineBytes: this.maxLineBytes,
      onLine: (line) => this.read(line),
      onOversized: (line) => this.refuseOversized(line),
    });
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onFailure);
    this.stdout.on('error', this.onFailure);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onFailure);
    this.stdout.off('error', this.onFailure);
    this.stdin.pause();
    this.reader.stop();
    this.onclose?.();
  }

  // --- internal ---

  private readonly onData = (chunk: Buffer | string): void => this.reader.push(chunk);

  private readonly onEnd = (): void => void this.close();

  private readonly onFailure = (error: Error): void => {
    this.failure ??= error;
    this.onerror?.(error);
    void this.close();
  };

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(text)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private refuseOversized({ id, bytes }: OversizedLine): void {
    this.refuse({
      id,
      code: RpcErrorCode.InvalidRequest,
      message:
        `Request too large: the message has ${bytes.toLocaleString('en-US')} bytes; the server reads at most ` +
        `${this.maxLineBytes.toLocaleString('en-US')} per message.`,
      data: { bytes, maxBytes: this.maxLineBytes },
    });
  }

  private read(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.refuse({ code: RpcErrorCode.ParseError, message: 'Parse error: the message is not JSON.' });
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.refuse({
        id: idOf(parsed),
        code: RpcErrorCode.InvalidRequest,
        message: 'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response.',
      });
      return;
    }
    this.onmessage?.(message.data);
  }

  /**
   * Answer a line that is not read as a message. Without a readable id the answer has `"id": null`, as JSON-RPC 2.0
   * asks (the MCP schema has no null id, so it is written here rather than through `send`).
   */
  private refuse(options: {
    id?: RequestId | undefined;
    code: number;
    message: string;
    data?: unknown;
  }): void {
    const { id, code, message, data } = options;
    this.onerror?.(new Error(message));
    const error = { code, message, ...(data !== undefined ? { data } : {}) };
    void this.write(`${JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error })}\n`);
  }
}

// --- internal ---

function idOf(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

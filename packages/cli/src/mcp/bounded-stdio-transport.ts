import type { Readable, Writable } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
  ErrorCode as RpcErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import { RequestIdScanner } from './request-id-scanner.js';

/**
 * MCP over stdio, one JSON-RPC message per line, that no line can end. The SDK's `StdioServerTransport` closes
 * itself, unanswered, on a line over 10 MiB (the server then exited 0 with the client still waiting), and drops a
 * line that is not a message without a word. Here a line over `maxLineBytes` is skipped unread and answered with
 * an Invalid Request error carrying its id (found while skipping it), and a line that is not JSON or not JSON-RPC
 * gets a Parse error or Invalid Request. The transport closes only when stdin ends or fails, or on `close()`.
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
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while a line over the limit is skipped. */
  private skipped: { scanner: RequestIdScanner; bytes: number } | undefined;
  private isClosed = false;

  constructor(options: { stdin: Readable; stdout: Writable; maxLineBytes?: number }) {
    this.stdin = options.stdin;
    this.stdout = options.stdout;
    // The SDK's limit: lines below it are read as before.
    this.maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onFailure);
    this.stdout.on('error', this.onFailure);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onFailure);
    this.stdout.off('error', this.onFailure);
    this.stdin.pause();
    this.chunks = [];
    this.skipped = undefined;
    this.onclose?.();
  }

  // --- internal ---

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < bytes.length && !this.isClosed) {
      const newline = bytes.indexOf(NEWLINE, start);
      this.take(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private readonly onEnd = (): void => void this.close();

  private readonly onFailure = (error: Error): void => {
    this.failure ??= error;
    this.onerror?.(error);
    void this.close();
  };

  private take(piece: Buffer): void {
    if (this.skipped !== undefined) {
      this.skipped.scanner.push(piece);
      this.skipped.bytes += piece.length;
      return;
    }
    if (this.size + piece.length <= this.maxLineBytes) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    // Too long to read: keep only what finds its id.
    const scanner = new RequestIdScanner();
    for (const chunk of [...this.chunks, piece]) scanner.push(chunk);
    this.skipped = { scanner, bytes: this.size + piece.length };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.skipped !== undefined) {
      const { scanner, bytes } = this.skipped;
      this.skipped = undefined;
      this.refuse({
        id: scanner.id(),
        code: RpcErrorCode.InvalidRequest,
        message:
          `Request too large: the message has ${bytes.toLocaleString('en-US')} bytes; the server reads at most ` +
          `${this.maxLineBytes.toLocaleString('en-US')} per message.`,
        data: { bytes, maxBytes: this.maxLineBytes },
      });
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
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

  /** Answer a line that is not read as a message. Without an id the answer has none, as the MCP schema allows. */
  private refuse(options: {
    id?: RequestId | undefined;
    code: number;
    message: string;
    data?: unknown;
  }): void {
    const { id, code, message, data } = options;
    this.onerror?.(new Error(message));
    void this.send({
      jsonrpc: '2.0',
      ...(id !== undefined ? { id } : {}),
      error: { code, message, ...(data !== undefined ? { data } : {}) },
    });
  }
}

const NEWLINE = 0x0a;

function idOf(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

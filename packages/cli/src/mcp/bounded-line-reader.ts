import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { RequestIdScanner } from './request-id-scanner.js';

/** A line over the limit, skipped unread. */
export interface OversizedLine {
  /** Its top-level JSON-RPC `id`, found while it was skipped; undefined when it has none (or none is readable). */
  id: RequestId | undefined;
  /** Its length in bytes, without the line end. */
  bytes: number;
}

/**
 * Splits a byte stream into lines, each at most `maxLineBytes` long (without its `\n`, an `\r` before it dropped).
 * A longer line is never held: it is skipped as it comes, only its `id` kept, and reported to `onOversized` when its
 * end arrives; the lines after it are read as before. Chunks are joined once per line, so reading a long line costs
 * its length, not its length squared.
 */
export class BoundedLineReader {
  private readonly maxLineBytes: number;
  private readonly onLine: (line: string) => void;
  private readonly onOversized: (line: OversizedLine) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while a line over the limit is skipped. */
  private skipped: { scanner: RequestIdScanner; bytes: number } | undefined;
  private isStopped = false;

  constructor(options: {
    maxLineBytes: number;
    onLine: (line: string) => void;
    onOversized: (line: OversizedLine) => void;
  }) {
    this.maxLineBytes = options.maxLineBytes;
    this.onLine = options.onLine;
    this.onOversized = options.onOversized;
  }

  /** Read the next bytes; every line they end is passed on before this returns. */
  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < bytes.length && !this.isStopped) {
      const newline = bytes.indexOf(NEWLINE, start);
      this.take(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /** Drop what is held and read nothing more (a line being passed on ends the chunk it came in). */
  stop(): void {
    this.isStopped = true;
    this.chunks = [];
    this.size = 0;
    this.skipped = undefined;
  }

  // --- internal ---

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
      this.onOversized({ id: scanner.id(), bytes });
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    this.onLine(line);
  }
}

// --- internal ---

const NEWLINE = 0x0a;

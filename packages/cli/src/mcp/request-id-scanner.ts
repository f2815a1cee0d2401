/**
 * Finds the top-level `"id"` of a JSON-RPC message read in pieces, without keeping or parsing the message: the
 * transport refuses a line too long to read and still has to answer its request. Strings are skipped byte by byte
 * (UTF-8 continuation bytes are never `"` or `\`), so an `"id"` inside the params is not taken for the request's.
 */
export class RequestIdScanner {
  private depth = 0;
  private isInString = false;
  private isEscaped = false;
  /** Where the scanner is in the top-level object. */
  private expecting: 'key' | 'colon' | 'value' | 'next' = 'next';
  private key = '';
  private isReadingKey = false;
  /** The raw bytes of the id's value while it is read; undefined when not reading it. */
  private value: number[] | undefined;
  private found: string | number | undefined;

  /** Read the next bytes of the message. */
  push(bytes: Uint8Array): void {
    let index = 0;
    while (index < bytes.length) {
      // Inside a string that is neither a key nor the id, only a quote or a backslash matters: skip to it.
      if (this.isInString && !this.isEscaped && !this.isReadingKey && this.value === undefined) {
        while (index < bytes.length && bytes[index] !== QUOTE && bytes[index] !== BACKSLASH) index++;
        if (index === bytes.length) return;
      }
      this.read(bytes[index] ?? 0);
      index++;
    }
  }

  /** The request id, when the bytes read so far hold a string or number one at the top level. */
  id(): string | number | undefined {
    return this.found ?? (this.value === undefined ? undefined : parseId(this.value));
  }

  // --- internal ---

  private read(byte: number): void {
    if (this.isInString) {
      this.readString(byte);
      return;
    }
    if (byte === QUOTE) {
      this.isInString = true;
      if (this.depth !== 1) return;
      if (this.expecting === 'key') {
        this.isReadingKey = true;
        this.key = '';
      } else if (this.expecting === 'value' && this.key === 'id') this.value = [QUOTE];
      return;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      this.depth++;
      if (this.depth === 1) this.expecting = byte === OPEN_BRACE ? 'key' : 'next';
      else if (this.depth === 2) this.expecting = 'next';
      return;
    }
    if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET || byte === COMMA) {
      if (this.depth === 1) this.endValue();
      if (byte === COMMA) {
        if (this.depth === 1) this.expecting = 'key';
      } else this.depth--;
      return;
    }
    if (this.depth !== 1) return;
    if (byte === COLON && this.expecting === 'colon') this.expecting = 'value';
    else if (this.value !== undefined && !isWhitespace(byte)) this.append(byte);
    else if (this.expecting === 'value' && this.key === 'id' && !isWhitespace(byte)) {
      this.value = [byte];
    }
  }

  private readString(byte: number): void {
    if (this.value !== undefined) this.append(byte);
    if (this.isEscaped) {
      this.isEscaped = false;
    } else if (byte === BACKSLASH) {
      this.isEscaped = true;
    } else if (byte === QUOTE) {
      this.isInString = false;
      if (this.isReadingKey) {
        this.isReadingKey = false;
        this.expecting = 'colon';
      } else if (this.value !== undefined) this.endValue();
      return;
    }
    // Only whether the key is "id" matters: three characters tell.
    if (this.isReadingKey && this.key.length < 3) this.key += String.fromCharCode(byte);
  }

  private append(byte: number): void {
    if (this.value !== undefined && this.value.length < MAX_ID_BYTES) this.value.push(byte);
  }

  private endValue(): void {
    if (this.value !== undefined) this.found ??= parseId(this.value);
    this.value = undefined;
    if (this.depth === 1 && this.expecting === 'value') this.expecting = 'next';
  }
}

// --- internal ---

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** An id is short; a longer value is cut, does not parse, and the answer goes without an id. */
const MAX_ID_BYTES = 256;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function parseId(bytes: readonly number[]): string | number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

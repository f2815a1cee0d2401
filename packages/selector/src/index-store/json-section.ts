/**
 * Helpers for the index's binary payloads, which keep strings as a JSON section followed by typed tables.
 */

/** `length` rounded up to a multiple of 4, where a typed table after a JSON section may start (Float32/Int32). */
export function alignTo4(length: number): number {
  return Math.ceil(length / 4) * 4;
}

/** The JSON value in `length` bytes at `offset`; `undefined` when they are not valid JSON. */
export function parseJsonBytes(bytes: Uint8Array, offset = 0, length = bytes.byteLength - offset): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + offset, length).toString('utf8'));
  } catch {
    return undefined;
  }
}

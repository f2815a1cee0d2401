import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * CRC-32 (the zlib one) of bytes, continuing from `previous` when the bytes come in chunks. Index payloads carry
 * it to catch accidental damage (torn writes, flipped bits, a file from another save) together with their size:
 * it is several times cheaper than sha256 on the tens of megabytes a large index reloads, and nothing is gained
 * from a cryptographic hash there, since whoever can rewrite a payload can rewrite the manifest beside it.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  return HAS_ZLIB_CRC32 ? zlib.crc32(bytes, previous) : crc32InJs(bytes, previous);
}

/** Hex sha256 of bytes or of a text (UTF-8). */
export function sha256(data: string | Uint8Array): string {
  return HAS_ONE_SHOT_HASH
    ? crypto.hash('sha256', data, 'hex')
    : crypto.createHash('sha256').update(data).digest('hex');
}

// --- internal ---

// One-shot `crypto.hash` (Node >= 20.12) is several times faster than a Hash object for short texts, which
// matters when a reload hashes every tool of a 100k catalog; both give the same digest.
const HAS_ONE_SHOT_HASH = typeof (crypto as { hash?: unknown }).hash === 'function';

// `zlib.crc32` exists from Node 20.15 / 22.2; older Node 20 releases use the table-driven version below.
const HAS_ZLIB_CRC32 = typeof (zlib as { crc32?: unknown }).crc32 === 'function';

let crcTable: Int32Array | undefined;

function crc32InJs(bytes: Uint8Array, previous: number): number {
  crcTable ??= Int32Array.from({ length: 256 }, (_, byte) => {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value;
  });
  let crc = ~previous;
  for (let index = 0; index < bytes.length; index++)
    crc = crcTable[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

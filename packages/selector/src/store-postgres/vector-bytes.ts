import { createHash } from 'node:crypto';
import { endianness } from 'node:os';

/** The key of a text in the store's embeddings: its SHA-256 (32 bytes), as the file cache keys it (in hex). */
export function textHashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A vector as the store keeps it: float32, little-endian, whatever the machine's byte order. */
export function encodeVector(vector: Float32Array): Buffer {
  if (IS_LITTLE_ENDIAN)
    return Buffer.from(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength));
  const bytes = Buffer.alloc(vector.length * 4);
  for (let position = 0; position < vector.length; position++)
    bytes.writeFloatLE(vector[position]!, position * 4);
  return bytes;
}

/** The vector of stored bytes, or undefined when they are not `dimensions` float32 values. */
export function decodeVector(bytes: Uint8Array, dimensions: number): Float32Array | undefined {
  if (bytes.byteLength !== dimensions * 4) return undefined;
  const vector = new Float32Array(dimensions);
  if (IS_LITTLE_ENDIAN) {
    new Uint8Array(vector.buffer).set(bytes);
    return vector;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let position = 0; position < dimensions; position++)
    vector[position] = view.getFloat32(position * 4, true);
  return vector;
}

// --- internal ---

const IS_LITTLE_ENDIAN = endianness() === 'LE';

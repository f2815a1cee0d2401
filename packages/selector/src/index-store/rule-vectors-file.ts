import { alignTo4, parseJsonBytes } from './json-section.js';

/**
 * The rule-vectors payload of an index folder: the vectors of the catalog's rule texts (`not_for`,
 * `when_prefer_*`), embedded at index time so a selection embeds only the prompt. Layout: a little-endian
 * header (text count, byte length of the JSON list of texts), the texts, padding to 4 bytes, then the vectors
 * as one Float32 matrix, row by row in text order.
 */
export function encodeRuleVectors(
  entries: ReadonlyArray<[string, Float32Array]>,
  dimensions: number,
): Uint8Array {
  const texts = Buffer.from(JSON.stringify(entries.map(([text]) => text)));
  const matrixOffset = HEADER_BYTES + alignTo4(texts.length);
  const bytes = new Uint8Array(matrixOffset + entries.length * dimensions * Float32Array.BYTES_PER_ELEMENT);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, entries.length, true);
  view.setUint32(4, texts.length, true);
  bytes.set(texts, HEADER_BYTES);
  const matrix = new Float32Array(bytes.buffer, matrixOffset, entries.length * dimensions);
  entries.forEach(([, vector], row) => {
    matrix.set(vector, row * dimensions);
  });
  return bytes;
}

/** Decode the payload; returns a problem description when it does not hold `dimensions`-d vectors for distinct texts. */
export function decodeRuleVectors(bytes: Uint8Array, dimensions: number): Map<string, Float32Array> | string {
  if (bytes.byteLength < HEADER_BYTES) return 'the rule vectors file has no header';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(0, true);
  const textBytes = view.getUint32(4, true);
  const matrixOffset = HEADER_BYTES + alignTo4(textBytes);
  if (bytes.byteLength !== matrixOffset + count * dimensions * Float32Array.BYTES_PER_ELEMENT)
    return 'the rule vectors file does not match its header';
  const texts = parseJsonBytes(bytes, HEADER_BYTES, textBytes);
  if (texts === undefined) return 'the rule texts are not valid JSON';
  if (!Array.isArray(texts) || texts.length !== count || !texts.every((text) => typeof text === 'string'))
    return 'the rule texts do not match the vectors';
  // A copy: Float32Array needs 4-byte alignment, which a Buffer from readFile may not give.
  const matrix = new Float32Array(Uint8Array.prototype.slice.call(bytes, matrixOffset).buffer);
  const vectors = new Map<string, Float32Array>();
  texts.forEach((text: string, row) => {
    vectors.set(text, matrix.subarray(row * dimensions, (row + 1) * dimensions));
  });
  if (vectors.size !== count) return 'the rule texts repeat a text';
  return vectors;
}

// --- internal ---

const HEADER_BYTES = 8;

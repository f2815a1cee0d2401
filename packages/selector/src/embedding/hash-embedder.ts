import { createHash } from 'node:crypto';
import type { Embedder } from './embedder.js';

/**
 * A deterministic bag-of-words hashing embedder: fast and dependency-free, for unit tests only.
 * Each lowercased word (and word bigram) adds ±1 to a hashed dimension; the vector is L2-normalised.
 */
export function createHashEmbedder(options: { dimensions?: number } = {}): Embedder {
  const dimensions = options.dimensions ?? 256;
  return {
    id: dimensions === 256 ? 'hash' : `hash:${dimensions}`,
    dimensions,
    async embed(texts) {
      return texts.map((text) => embedOne(text, dimensions));
    },
  };
}

// --- internal ---

function embedOne(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const features = [...words, ...words.slice(1).map((word, index) => `${words[index]} ${word}`)];
  for (const feature of features) {
    const digest = createHash('sha1').update(feature).digest();
    const slot = digest.readUInt32LE(0) % dimensions;
    vector[slot] = (vector[slot] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

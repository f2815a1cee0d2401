// Reproducible random numbers and vectors for the vector benches (vector-index.ts, vector-backend-*.ts).

/** A seeded uniform generator in [0, 1) (a linear congruential one: the same numbers for the same seed). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A standard normal number (Box-Muller) from a uniform generator. */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** Scale a vector to unit length in place (a zero vector stays zero); returns it. */
export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  return vector;
}

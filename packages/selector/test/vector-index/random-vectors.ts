/** A seeded generator of random unit vectors, so tests are reproducible. */
export function randomUnitVectors(seed: number): (dimensions: number) => Float32Array {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  return (dimensions) => {
    const vector = Float32Array.from({ length: dimensions }, gaussian);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  };
}

/** `count` entries keyed `key-0000`, `key-0001`, ... with random unit vectors. */
export function randomEntries(options: { count: number; dimensions: number; seed: number }) {
  const next = randomUnitVectors(options.seed);
  return Array.from({ length: options.count }, (_, i) => ({
    key: `key-${String(i).padStart(4, '0')}`,
    vector: next(options.dimensions),
  }));
}

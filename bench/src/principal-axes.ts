/**
 * The leading principal axes of a set of vectors, by block power iteration on their covariance: the abstention
 * fit reads a prompt's embedding through a few dozen axes instead of all 512 dimensions, which keeps its
 * logistic fits small enough to refit once per left-out dataset (and once more per dataset inside that).
 */
export interface PrincipalAxes {
  mean: Float64Array;
  /** `count` unit vectors of the vectors' dimension, largest variance first. */
  axes: Float64Array[];
}

export function principalAxes(vectors: readonly ArrayLike<number>[], count: number): PrincipalAxes {
  const dimensions = vectors[0]?.length ?? 0;
  const mean = new Float64Array(dimensions);
  for (const vector of vectors)
    for (let j = 0; j < dimensions; j++) mean[j]! += (vector[j] ?? 0) / vectors.length;
  const covariance = new Float64Array(dimensions * dimensions);
  const centred = new Float64Array(dimensions);
  for (const vector of vectors) {
    for (let j = 0; j < dimensions; j++) centred[j] = (vector[j] ?? 0) - mean[j]!;
    for (let a = 0; a < dimensions; a++) {
      const value = centred[a]!;
      if (value === 0) continue;
      const offset = a * dimensions;
      for (let b = a; b < dimensions; b++) covariance[offset + b]! += value * centred[b]!;
    }
  }
  for (let a = 0; a < dimensions; a++)
    for (let b = 0; b < a; b++) covariance[a * dimensions + b] = covariance[b * dimensions + a]!;
  let axes: Float64Array[] = Array.from({ length: count }, (_, index) => {
    const axis = new Float64Array(dimensions);
    for (let j = 0; j < dimensions; j++) axis[j] = Math.sin((index + 1) * (j + 1) * 12.9898) % 1;
    return axis;
  });
  for (let iteration = 0; iteration < 60; iteration++) {
    axes = orthonormalise(axes.map((axis) => multiply(covariance, axis, dimensions)));
  }
  return { mean, axes };
}

/** A vector's coordinates along the axes (after subtracting the mean). */
export function project(principal: PrincipalAxes, vector: ArrayLike<number>): number[] {
  return principal.axes.map((axis) => {
    let sum = 0;
    for (let j = 0; j < axis.length; j++) sum += axis[j]! * ((vector[j] ?? 0) - principal.mean[j]!);
    return sum;
  });
}

// --- internal ---

function multiply(matrix: Float64Array, vector: Float64Array, size: number): Float64Array {
  const result = new Float64Array(size);
  for (let a = 0; a < size; a++) {
    let sum = 0;
    const offset = a * size;
    for (let b = 0; b < size; b++) sum += matrix[offset + b]! * vector[b]!;
    result[a] = sum;
  }
  return result;
}

/** Gram–Schmidt, in order: the first vector keeps its direction. */
function orthonormalise(vectors: Float64Array[]): Float64Array[] {
  const result: Float64Array[] = [];
  for (const vector of vectors) {
    const next = Float64Array.from(vector);
    for (const done of result) {
      let dot = 0;
      for (let j = 0; j < next.length; j++) dot += next[j]! * done[j]!;
      for (let j = 0; j < next.length; j++) next[j]! -= dot * done[j]!;
    }
    let norm = 0;
    for (const value of next) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < next.length; j++) next[j]! /= norm;
    result.push(next);
  }
  return result;
}

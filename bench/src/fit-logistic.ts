/** A weighted, L2-regularised logistic regression for the bench fits (abstention, confidence); no dependencies. */

/** Training data: one row of raw feature values per sample, its label (0 or 1) and its weight. */
export interface LogisticData {
  rows: readonly Float64Array[];
  labels: readonly number[];
  weights: readonly number[];
}

/** A fitted model on raw (unstandardised) features: `logit = bias + Σ coefficients[j] · x[j]`. */
export interface LogisticModel {
  bias: number;
  coefficients: Float64Array;
}

/**
 * Fit by Newton's method on standardised features, so one penalty per column means the same everywhere;
 * `penalties[j]` is the L2 penalty of column j (the bias is not penalised). Returns raw-scale coefficients.
 */
export function fitLogistic(data: LogisticData, penalties: readonly number[]): LogisticModel {
  const { rows, labels, weights } = data;
  const width = rows[0]?.length ?? 0;
  const { mean, spread } = moments(rows, width);
  const size = width + 1;
  const scaled = rows.map((row) => {
    const z = new Float64Array(size);
    z[0] = 1;
    for (let j = 0; j < width; j++) z[j + 1] = ((row[j] ?? 0) - (mean[j] ?? 0)) / (spread[j] ?? 1);
    return z;
  });
  const beta = new Float64Array(size);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Float64Array(size);
    const hessian = new Float64Array(size * size);
    scaled.forEach((z, i) => {
      const p = 1 / (1 + Math.exp(-dot(beta, z)));
      const weight = weights[i] ?? 1;
      const error = weight * (p - (labels[i] ?? 0));
      const curvature = weight * p * (1 - p);
      for (let a = 0; a < size; a++) {
        const za = z[a] ?? 0;
        gradient[a] = (gradient[a] ?? 0) + error * za;
        const scaledA = curvature * za;
        const offset = a * size;
        for (let b = a; b < size; b++)
          hessian[offset + b] = (hessian[offset + b] ?? 0) + scaledA * (z[b] ?? 0);
      }
    });
    for (let a = 1; a < size; a++) {
      const penalty = penalties[a - 1] ?? 0;
      gradient[a] = (gradient[a] ?? 0) + penalty * (beta[a] ?? 0);
      hessian[a * size + a] = (hessian[a * size + a] ?? 0) + penalty;
    }
    const step = solveSymmetric(hessian, gradient, size);
    let largest = 0;
    for (let a = 0; a < size; a++) {
      beta[a] = (beta[a] ?? 0) - (step[a] ?? 0);
      largest = Math.max(largest, Math.abs(step[a] ?? 0));
    }
    if (largest < 1e-7) break;
  }
  const coefficients = new Float64Array(width);
  let bias = beta[0] ?? 0;
  for (let j = 0; j < width; j++) {
    coefficients[j] = (beta[j + 1] ?? 0) / (spread[j] ?? 1);
    bias -= (coefficients[j] ?? 0) * (mean[j] ?? 0);
  }
  return { bias, coefficients };
}

/** The logit of one raw feature row. */
export function logitOf(model: LogisticModel, row: Float64Array): number {
  return model.bias + dot(model.coefficients, row);
}

// --- internal ---

function moments(rows: readonly Float64Array[], width: number): { mean: Float64Array; spread: Float64Array } {
  const mean = new Float64Array(width);
  const spread = new Float64Array(width);
  for (const row of rows)
    for (let j = 0; j < width; j++) mean[j] = (mean[j] ?? 0) + (row[j] ?? 0) / rows.length;
  for (const row of rows) {
    for (let j = 0; j < width; j++)
      spread[j] = (spread[j] ?? 0) + ((row[j] ?? 0) - (mean[j] ?? 0)) ** 2 / rows.length;
  }
  for (let j = 0; j < width; j++) spread[j] = Math.sqrt(spread[j] ?? 0) || 1;
  return { mean, spread };
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** Solve H x = g for a symmetric positive definite H given by its upper triangle (Cholesky). */
function solveSymmetric(upper: Float64Array, g: Float64Array, size: number): Float64Array {
  const at = (a: number, b: number): number =>
    a <= b ? (upper[a * size + b] ?? 0) : (upper[b * size + a] ?? 0);
  const lower = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = at(i, j);
      for (let k = 0; k < j; k++) sum -= (lower[i * size + k] ?? 0) * (lower[j * size + k] ?? 0);
      lower[i * size + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (lower[j * size + j] ?? 1);
    }
  }
  const y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let sum = g[i] ?? 0;
    for (let k = 0; k < i; k++) sum -= (lower[i * size + k] ?? 0) * (y[k] ?? 0);
    y[i] = sum / (lower[i * size + i] ?? 1);
  }
  const x = new Float64Array(size);
  for (let i = size - 1; i >= 0; i--) {
    let sum = y[i] ?? 0;
    for (let k = i + 1; k < size; k++) sum -= (lower[k * size + i] ?? 0) * (x[k] ?? 0);
    x[i] = sum / (lower[i * size + i] ?? 1);
  }
  return x;
}

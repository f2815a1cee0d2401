/**
 * Dot product of `a` with the `a.length` numbers of `b` starting at `offset` (unit vectors: their cosine), summed
 * in doubles. Every scan and view score runs in the SIMD kernel (`batchDotProducts`); this plain loop is the
 * reference the tests hold the kernel and its callers to, kept beside it so both are read together.
 */
// Positional `offset` rather than an options object: this runs once per vector of a batch.
export function dotProduct(a: Float32Array, b: Float32Array, offset = 0): number {
  // Eight independent sums let V8 overlap the multiplies (about 1.8x faster than one running sum).
  const length = a.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  let i = 0;
  for (; i + 7 < length; i += 8) {
    const o = offset + i;
    s0 += a[i]! * b[o]!;
    s1 += a[i + 1]! * b[o + 1]!;
    s2 += a[i + 2]! * b[o + 2]!;
    s3 += a[i + 3]! * b[o + 3]!;
    s4 += a[i + 4]! * b[o + 4]!;
    s5 += a[i + 5]! * b[o + 5]!;
    s6 += a[i + 6]! * b[o + 6]!;
    s7 += a[i + 7]! * b[o + 7]!;
  }
  for (; i < length; i++) s0 += a[i]! * b[offset + i]!;
  return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

/**
 * Dot product of `a` with the `a.length` numbers of `b` starting at `offset` (unit vectors: their cosine).
 * The reference the tests compare with: scans and view scoring run in the SIMD kernel (`simd-dot-products.ts`),
 * whose fallback uses the `WithDoubles` variants below.
 */
// Positional `offset` rather than an options object: this runs once per stored vector in a scan.
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

/**
 * `dotProduct` with the first vector already in doubles: the same products and sums (a float's conversion to
 * a double is exact), so the same result, without converting the query's numbers each time.
 */
export function dotProductWithDoubles(a: Float64Array, b: Float32Array, offset = 0): number {
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

/**
 * `into[j] = dotProductWithDoubles(query, sources[j], offsets[j])` for j < count, with the same sums. Vectors are
 * taken two at a time: reading two vectors in one loop keeps twice as many memory reads in flight, which is what
 * scoring vectors that are not in the CPU caches waits on (measured ~40% faster on 200 such vectors).
 */
export function dotProductsWithDoubles(options: {
  query: Float64Array;
  sources: readonly Float32Array[];
  offsets: Int32Array;
  count: number;
  into: Float64Array;
}): void {
  const { query, sources, offsets, count, into } = options;
  let j = 0;
  for (; j + 1 < count; j += 2) {
    dotProductPair(query, sources[j]!, offsets[j]!, sources[j + 1]!, offsets[j + 1]!, into, j);
  }
  if (j < count) into[j] = dotProductWithDoubles(query, sources[j]!, offsets[j]!);
}

// --- internal ---

// Two dot products in one loop, each summed exactly as `dotProductWithDoubles` does. Positional parameters: it
// runs once per pair of vectors.
function dotProductPair(
  a: Float64Array,
  b: Float32Array,
  bOffset: number,
  c: Float32Array,
  cOffset: number,
  into: Float64Array,
  at: number,
): void {
  const length = a.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  let t4 = 0;
  let t5 = 0;
  let t6 = 0;
  let t7 = 0;
  let i = 0;
  for (; i + 7 < length; i += 8) {
    const o = bOffset + i;
    const p = cOffset + i;
    const a0 = a[i]!;
    const a1 = a[i + 1]!;
    const a2 = a[i + 2]!;
    const a3 = a[i + 3]!;
    const a4 = a[i + 4]!;
    const a5 = a[i + 5]!;
    const a6 = a[i + 6]!;
    const a7 = a[i + 7]!;
    s0 += a0 * b[o]!;
    s1 += a1 * b[o + 1]!;
    s2 += a2 * b[o + 2]!;
    s3 += a3 * b[o + 3]!;
    s4 += a4 * b[o + 4]!;
    s5 += a5 * b[o + 5]!;
    s6 += a6 * b[o + 6]!;
    s7 += a7 * b[o + 7]!;
    t0 += a0 * c[p]!;
    t1 += a1 * c[p + 1]!;
    t2 += a2 * c[p + 2]!;
    t3 += a3 * c[p + 3]!;
    t4 += a4 * c[p + 4]!;
    t5 += a5 * c[p + 5]!;
    t6 += a6 * c[p + 6]!;
    t7 += a7 * c[p + 7]!;
  }
  for (; i < length; i++) {
    s0 += a[i]! * b[bOffset + i]!;
    t0 += a[i]! * c[cOffset + i]!;
  }
  into[at] = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
  into[at + 1] = t0 + t1 + t2 + t3 + t4 + t5 + t6 + t7;
}

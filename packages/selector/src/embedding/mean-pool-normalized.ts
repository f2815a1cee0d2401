/**
 * Mean pooling over the tokens of each text, then L2 normalisation: the `pooling: 'mean', normalize: true`
 * post-processing of transformers.js's feature-extraction pipeline, computed on the raw typed arrays. The
 * pipeline reads every element through its Tensor's Proxy, which cost more than the model itself on long
 * prompts (about 5 ms for a 60-token prompt); the arithmetic here is the same, step for step (double sums,
 * float32 storage, float32 norm accumulation), so the vectors are identical bit for bit.
 */
export function meanPoolNormalized(options: {
  /** `[texts, tokens, dimensions]` hidden states, row-major. */
  hidden: ArrayLike<number>;
  dims: readonly number[];
  /** `[texts, tokens]` attention mask (numbers or bigints). */
  mask: ArrayLike<number | bigint>;
}): Float32Array[] {
  const [texts = 0, tokens = 0, dimensions = 0] = options.dims;
  const { hidden, mask } = options;
  const vectors: Float32Array[] = [];
  // Scratch: one text's sums per dimension. The mask is read once per token: a BigInt64Array (transformers.js's
  // int64 masks) makes a BigInt object on every read, which per token and dimension was most of the cost.
  const sums = new Float64Array(dimensions);
  for (let text = 0; text < texts; text++) {
    const pooled = new Float32Array(dimensions);
    const offset = text * dimensions * tokens;
    const maskOffset = text * tokens;
    sums.fill(0);
    let count = 0;
    // Tokens outer, dimensions inner: each dimension still sums its tokens in order, so the sums are the same.
    for (let token = 0; token < tokens; token++) {
      const attention = Number(mask[maskOffset + token]);
      count += attention;
      const row = offset + token * dimensions;
      for (let dimension = 0; dimension < dimensions; dimension++)
        sums[dimension]! += (hidden[row + dimension] as number) * attention;
    }
    for (let dimension = 0; dimension < dimensions; dimension++) pooled[dimension] = sums[dimension]! / count;
    // transformers.js accumulates the squared norm in a float32 array, then takes the root there.
    let squares = 0;
    for (let dimension = 0; dimension < dimensions; dimension++)
      squares = Math.fround(squares + (pooled[dimension] as number) ** 2);
    const norm = Math.fround(squares ** 0.5);
    for (let dimension = 0; dimension < dimensions; dimension++)
      pooled[dimension] = (pooled[dimension] as number) / norm;
    vectors.push(pooled);
  }
  return vectors;
}

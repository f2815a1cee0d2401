/**
 * The prompt's vectors as doubles, converted once per selection: a select computes some 400 dot products of
 * them with view vectors (`dotProductsWithDoubles`), which then do not convert the query's numbers each time.
 */
export interface DenseQuery {
  /** The whole prompt's vector. */
  whole: Float64Array;
  /** Its sentences' vectors (multi-sentence prompts); each view takes its best match over all of them. */
  sentences: readonly Float64Array[];
}

/** The dense query of a selection, built on first use and kept on it; undefined when the prompt is not embedded. */
export function denseQueryOf(context: {
  queryVector?: Float32Array;
  segmentVectors?: Float32Array[];
  denseQuery?: DenseQuery;
}): DenseQuery | undefined {
  if (context.queryVector === undefined) return undefined;
  context.denseQuery ??= {
    whole: Float64Array.from(context.queryVector),
    sentences: (context.segmentVectors ?? []).map((vector) => Float64Array.from(vector)),
  };
  return context.denseQuery;
}

/** The prompt's vectors, as a selection scores views with them (see `scoreToolViews`). */
export interface DenseQuery {
  /** The whole prompt's vector. */
  whole: Float32Array;
  /** Its sentences' vectors (multi-sentence prompts); each view takes its best match over all of them. */
  sentences: readonly Float32Array[];
}

/** The dense query of a selection; undefined when the prompt is not embedded. */
export function denseQueryOf(context: {
  queryVector?: Float32Array;
  segmentVectors?: Float32Array[];
}): DenseQuery | undefined {
  if (context.queryVector === undefined) return undefined;
  return { whole: context.queryVector, sentences: context.segmentVectors ?? [] };
}

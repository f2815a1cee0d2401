import { batchDotProducts } from '../vector-index/simd-dot-products.js';
import type { DenseQuery } from './dense-query.js';
import type { ViewWeights } from './ranking-weights.js';
import type { ScoredTool, ViewMatch } from './selection-context.js';
import type { ToolVectors } from './tool-vectors.js';

/** The dense evidence of one tool (see `scoreToolViews`). */
export type DenseEvidence = NonNullable<ScoredTool['dense']>;

/**
 * The dense evidence of each tool: the cosine of every view with the query or its best sentence (learned views
 * scaled by `learned`), aggregated as the best view plus a small bonus for each further view that scores
 * within `bonusWindow` of it (at most `bonusMaxViews` of them). The best `MATCHED_VIEWS` views are kept.
 * All tools' views are scored in one batch (see `batchDotProducts`).
 */
export function scoreToolViews(options: {
  /** Each tool's views and vectors (`RankingIndex.toolVectors`); an unknown tool scores 0. */
  tools: ReadonlyArray<ToolVectors | undefined>;
  query: DenseQuery;
  weights: ViewWeights;
  /**
   * Similarities with the whole prompt already known by view key (the vector index's hits), used instead of a
   * dot product: the view's vector is then not read again (a cache miss on each of its 32 lines at 512-d).
   */
  known?: ReadonlyMap<string, number>;
}): DenseEvidence[] {
  const { tools, weights } = options;
  fillSimilarities(options);
  const scored: DenseEvidence[] = [];
  let start = 0;
  for (const tool of tools) {
    const count = tool?.views.length ?? 0;
    scored.push(tool === undefined || count === 0 ? NO_EVIDENCE() : aggregate(tool, start, weights));
    start += count;
  }
  return scored;
}

// --- internal ---

/** Views kept per tool: the best for confidence and explanations, the next two as context. */
const MATCHED_VIEWS = 3;

const NO_EVIDENCE = (): DenseEvidence => ({ score: 0, views: [], matchingViews: 1 });

/**
 * Scratch arrays reused between selections: the views' arrays and offsets, their similarities, one query's
 * similarities with a batch; and the views of unknown similarity: arrays, offsets and positions among all views.
 */
const sources: Float32Array[] = [];
let offsets = new Int32Array(256);
let similarities = new Float64Array(256);
let batchSimilarities = new Float64Array(256);
const unknownSources: Float32Array[] = [];
let unknownOffsets = new Int32Array(256);
let unknownPositions = new Int32Array(256);

/**
 * Write the similarity of every view of the tools into `similarities`, tool after tool. A single-sentence prompt
 * reads only the views whose similarity is not known; with sentences every view is read, once, into the SIMD batch.
 */
function fillSimilarities(options: {
  tools: ReadonlyArray<ToolVectors | undefined>;
  query: DenseQuery;
  weights: ViewWeights;
  known?: ReadonlyMap<string, number>;
}): void {
  const { tools, query, weights, known } = options;
  let count = 0;
  for (const tool of tools) count += tool?.views.length ?? 0;
  if (offsets.length < count) {
    offsets = new Int32Array(2 * count);
    similarities = new Float64Array(2 * count);
    batchSimilarities = new Float64Array(2 * count);
    unknownOffsets = new Int32Array(2 * count);
    unknownPositions = new Int32Array(2 * count);
  }
  sources.length = 0;
  unknownSources.length = 0;
  for (const tool of tools) {
    if (tool === undefined) continue;
    for (let position = 0; position < tool.views.length; position++) {
      const at = sources.length;
      offsets[at] = tool.offsets[position]!;
      sources.push(tool.data);
      const similarity = known?.get(tool.views[position]!.key);
      if (similarity !== undefined) {
        similarities[at] = similarity;
        continue;
      }
      unknownOffsets[unknownSources.length] = offsets[at]!;
      unknownPositions[unknownSources.length] = at;
      unknownSources.push(tool.data);
    }
  }
  const unknown = unknownSources.length;
  const isSingleSentence = query.sentences.length === 0;
  const dotProducts = batchDotProducts(
    isSingleSentence
      ? { sources: unknownSources, offsets: unknownOffsets, count: unknown, dimensions: query.whole.length }
      : { sources, offsets, count, dimensions: query.whole.length },
  );
  dotProducts(query.whole, batchSimilarities);
  for (let j = 0; j < unknown; j++) {
    const position = unknownPositions[j]!;
    similarities[position] = batchSimilarities[isSingleSentence ? j : position]!;
  }
  for (const sentence of query.sentences) {
    dotProducts(sentence, batchSimilarities);
    for (let j = 0; j < count; j++) {
      similarities[j] = Math.max(similarities[j]!, weights.sentence * batchSimilarities[j]!);
    }
  }
  let start = 0;
  for (const tool of tools) {
    const learned = tool?.learned;
    if (learned !== undefined) {
      for (let position = 0; position < learned.length; position++)
        if (learned[position] === 1) similarities[start + position]! *= weights.learned;
    }
    start += tool?.views.length ?? 0;
  }
  sources.length = 0; // hold no arrays between selections
  unknownSources.length = 0;
}

/** One tool's evidence from its views' similarities at `similarities[start...]`. */
function aggregate(tool: ToolVectors, start: number, weights: ViewWeights): DenseEvidence {
  const count = tool.views.length;
  const top = bestViews(tool, start);
  const bestPosition = top[0]!;
  const best = similarities[start + bestPosition]!;
  // Views other than the best within the window, capped as a walk down the sorted views counts them.
  let closeViews = 0;
  for (let position = 0; position < count; position++) {
    if (position !== bestPosition && similarities[start + position]! >= best - weights.bonusWindow)
      closeViews++;
  }
  const cap = weights.bonusMaxViews;
  const matchingViews = cap > 0 ? Math.min(Math.ceil(cap), closeViews) : 0;
  return {
    score: best + weights.bonus * matchingViews,
    views: top.map(
      (position): ViewMatch => ({
        key: tool.views[position]!.key,
        similarity: similarities[start + position]!,
      }),
    ),
    matchingViews: matchingViews + 1,
  };
}

/** Positions of the best `MATCHED_VIEWS` views, in the order of a sort by similarity, then key. */
function bestViews(tool: ToolVectors, start: number): number[] {
  const top: number[] = [];
  for (let position = 0; position < tool.views.length; position++) {
    let at = Math.min(top.length, MATCHED_VIEWS);
    while (at > 0 && ranksBefore(tool, start, position, top[at - 1]!)) at--;
    if (at === MATCHED_VIEWS) continue;
    top.splice(at, 0, position);
    if (top.length > MATCHED_VIEWS) top.pop();
  }
  return top;
}

function ranksBefore(tool: ToolVectors, start: number, a: number, b: number): boolean {
  const difference = similarities[start + a]! - similarities[start + b]!;
  return difference > 0 || (difference === 0 && tool.views[a]!.key < tool.views[b]!.key);
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING_WEIGHTS, type ViewWeights } from '../../src/ranking/ranking-weights.js';
import { type DenseEvidence, scoreToolViews } from '../../src/ranking/score-tool-views.js';
import type { ViewMatch } from '../../src/ranking/selection-context.js';
import type { ToolVectors } from '../../src/ranking/tool-vectors.js';
import { dotProduct } from '../../src/vector-index/dot-product.js';
import { type ToolView, type ViewKind, viewKey } from '../../src/views/tool-view.js';
import { randomUnitVectors } from '../vector-index/random-vectors.js';

const dimensions = 24;

/** The scoring as it was before the side-by-side layout: a vector lookup per view, an object per view, a full sort. */
function scoreByLookups(options: {
  views: readonly ToolView[];
  vector: (key: string) => Float32Array;
  query: Float32Array;
  segments: readonly Float32Array[];
  weights: ViewWeights;
}) {
  const { views: toolViews, vector, query, segments, weights } = options;
  const views: ViewMatch[] = [];
  for (const view of toolViews) {
    let cosine = dotProduct(query, vector(view.key));
    for (const segment of segments)
      cosine = Math.max(cosine, weights.sentence * dotProduct(segment, vector(view.key)));
    views.push({
      key: view.key,
      similarity: view.kind === 'learned' ? cosine * weights.learned : cosine,
    });
  }
  views.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1));
  const best = views[0]?.similarity ?? 0;
  let matchingViews = 0;
  for (let i = 1; i < views.length && matchingViews < weights.bonusMaxViews; i++) {
    if ((views[i]?.similarity ?? -1) >= best - weights.bonusWindow) matchingViews++;
  }
  return {
    score: best + weights.bonus * matchingViews,
    views: views.slice(0, 3),
    matchingViews: matchingViews + 1,
  };
}

/**
 * Evidence equal up to the float32 sums of the SIMD dot products (relative error ~1e-7): the same views in the
 * same order and the same count of matching views, similarities and scores within 1e-6.
 */
function expectSameEvidence(actual: readonly DenseEvidence[], expected: readonly DenseEvidence[]): void {
  const shape = (evidence: readonly DenseEvidence[]) =>
    evidence.map(({ views, matchingViews }) => ({ keys: views.map((view) => view.key), matchingViews }));
  expect(shape(actual)).toEqual(shape(expected));
  actual.forEach((evidence, index) => {
    expect(evidence.score).toBeCloseTo(expected[index]!.score, 6);
    evidence.views.forEach((view, position) => {
      expect(view.similarity).toBeCloseTo(expected[index]!.views[position]!.similarity, 6);
    });
  });
}

/** A tool with `count` views whose vectors lie at scattered offsets of one shared array, as in a loaded graph. */
function randomTool(seed: number, count: number) {
  const next = randomUnitVectors(seed);
  const kinds: ViewKind[] = ['description', 'use-case', 'example', 'learned', 'parameters'];
  const stride = dimensions + 5;
  const data = new Float32Array((count + 3) * stride);
  const vectors = new Map<string, Float32Array>();
  const views: ToolView[] = [];
  const offsets = new Int32Array(count);
  for (let position = 0; position < count; position++) {
    const kind = kinds[(seed + position) % kinds.length]!;
    const key = viewKey('tool', kind, position);
    // Every third view repeats an earlier vector: equal similarities, ordered by key.
    const vector = position % 3 === 2 ? vectors.get(views[position - 1]!.key)! : next(dimensions);
    offsets[position] = (count - position) * stride + 2;
    data.set(vector, offsets[position]!);
    vectors.set(key, vector);
    views.push({ key, toolId: 'tool', kind, n: String(position), text: key });
  }
  const learned = Uint8Array.from(views, (view) => Number(view.kind === 'learned'));
  const tool: ToolVectors = { views, data, offsets, learned: learned.includes(1) ? learned : undefined };
  return { tool, vector: (key: string) => vectors.get(key)! };
}

describe('scoreToolViews', () => {
  it.each([
    ['default weights', {}],
    ['learned views weighed down, sentences weighed up', { learned: 0.8, sentence: 1.1 }],
    ['a wide window and a fractional cap', { bonusWindow: 0.5, bonusMaxViews: 2.5 }],
    ['no bonus views', { bonusMaxViews: 0 }],
    ['a zero window', { bonusWindow: 0 }],
  ] as Array<[string, Partial<ViewWeights>]>)(
    'scores like the per-view lookups it replaces (%s)',
    (_, overrides) => {
      const weights = { ...DEFAULT_RANKING_WEIGHTS.views, ...overrides };
      const next = randomUnitVectors(99);
      for (let round = 0; round < 6; round++) {
        const tools = Array.from({ length: 1 + round * 3 }, (_, i) =>
          randomTool(round * 100 + i, 1 + ((round + i) % 9)),
        );
        const query = next(dimensions);
        const segments = round % 2 === 0 ? [next(dimensions), next(dimensions)] : [];
        const expected = tools.map(({ tool, vector }) =>
          scoreByLookups({ views: tool.views, vector, query, segments, weights }),
        );
        const actual = scoreToolViews({
          tools: tools.map(({ tool }) => tool),
          query: { whole: query, sentences: segments },
          weights,
        });
        expectSameEvidence(actual, expected);
      }
    },
  );

  it('takes known similarities with the whole prompt instead of their dot products', () => {
    const weights = { ...DEFAULT_RANKING_WEIGHTS.views, learned: 0.5 };
    const next = randomUnitVectors(5);
    const tools = Array.from({ length: 5 }, (_, i) => randomTool(300 + i, 2 + i).tool);
    const whole = next(dimensions);
    const segments = [next(dimensions), next(dimensions)];
    const query = { whole, sentences: segments };
    const unknown = scoreToolViews({ tools, query, weights });
    // Every other view known, at the similarity its dot product gives: the same evidence.
    const known = new Map<string, number>();
    for (const tool of tools)
      tool.views.forEach((view, position) => {
        if (position % 2 === 0) known.set(view.key, dotProduct(whole, tool.data, tool.offsets[position]!));
      });
    expectSameEvidence(scoreToolViews({ tools, query, weights, known }), unknown);
    // A known value is taken as given (then weighed like any other similarity), not recomputed.
    const [first] = tools;
    const key = first!.views[1]!.key;
    const [scored] = scoreToolViews({ tools: [first], query, weights, known: new Map([[key, 0.99]]) });
    const isLearned = first!.views[1]!.kind === 'learned';
    expect(scored!.views[0]).toEqual({ key, similarity: isLearned ? 0.495 : 0.99 });
  });

  it('scores a tool without views (or unknown) as 0, between others', () => {
    const weights = DEFAULT_RANKING_WEIGHTS.views;
    const query = { whole: new Float32Array(dimensions), sentences: [] };
    const empty: ToolVectors = {
      views: [],
      data: new Float32Array(0),
      offsets: new Int32Array(0),
      learned: undefined,
    };
    const expected = { score: 0, views: [], matchingViews: 1 };
    const { tool } = randomTool(7, 3);
    const [, scored] = scoreToolViews({ tools: [empty, tool, undefined], query, weights });
    expect(scoreToolViews({ tools: [empty, tool, undefined], query, weights })).toEqual([
      expected,
      scored,
      expected,
    ]);
  });
});

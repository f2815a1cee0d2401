import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareScoredTools, fuseScores } from '../../src/ranking/fuse-scores.js';
import { DEFAULT_RANKING_WEIGHTS, resolveRankingWeights } from '../../src/ranking/ranking-weights.js';
import type { ScoredTool } from '../../src/ranking/selection-context.js';

function scored(toolId: string, dense?: number, lexical?: number): ScoredTool {
  return {
    toolId,
    ...(dense !== undefined ? { dense: { score: dense, views: [], matchingViews: 1 } } : {}),
    ...(lexical !== undefined ? { lexical: { score: lexical, terms: [] } } : {}),
    parts: { dense: 0, lexical: 0, fused: 0 },
    score: 0,
    confidence: 0,
    reasons: [],
  };
}

describe('fuseScores', () => {
  it('guards an empty pool and zero maxima', () => {
    expect(() =>
      fuseScores({ pool: [], weights: DEFAULT_RANKING_WEIGHTS.fusion, method: 'toolsift' }),
    ).not.toThrow();
    const pool = [scored('a', 0, 0), scored('b')];
    fuseScores({ pool, weights: DEFAULT_RANKING_WEIGHTS.fusion, method: 'toolsift' });
    for (const tool of pool) expect(Number.isFinite(tool.score)).toBe(true);
  });

  it('lets one side alone decide for the dense and bm25 methods', () => {
    const pool = [scored('a', 0.9, 1), scored('b', 0.5, 9)];
    fuseScores({ pool, weights: DEFAULT_RANKING_WEIGHTS.fusion, method: 'dense' });
    expect(pool.sort(compareScoredTools).map((tool) => tool.toolId)).toEqual(['a', 'b']);
    fuseScores({ pool, weights: DEFAULT_RANKING_WEIGHTS.fusion, method: 'bm25' });
    expect(pool.sort(compareScoredTools).map((tool) => tool.toolId)).toEqual(['b', 'a']);
  });

  it.each(['score', 'rank'] as const)(
    '%s fusion keeps every part in [0, 1] and ranks independently of input order',
    (mode) => {
      const entry = fc.record({
        dense: fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: undefined }),
        lexical: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: undefined }),
      });
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
          const make = () => entries.map((value, index) => scored(`t${index}`, value.dense, value.lexical));
          const weights = resolveRankingWeights({ fusion: { mode } }).fusion;
          const forward = make();
          fuseScores({ pool: forward, weights, method: 'toolsift' });
          const backward = make().reverse();
          fuseScores({ pool: backward, weights, method: 'toolsift' });
          for (const tool of forward) {
            for (const value of [tool.parts.dense, tool.parts.lexical, tool.score]) {
              expect(value).toBeGreaterThanOrEqual(0);
              expect(value).toBeLessThanOrEqual(1 + 1e-9);
            }
          }
          const order = (pool: ScoredTool[]) => pool.sort(compareScoredTools).map((tool) => tool.toolId);
          expect(order(backward)).toEqual(order(forward));
        }),
      );
    },
  );

  it('breaks ties by id and puts tools named in the prompt first', () => {
    const pool = [scored('b', 0.5, 1), scored('a', 0.5, 1), scored('c', 0.1, 0)];
    fuseScores({ pool, weights: DEFAULT_RANKING_WEIGHTS.fusion, method: 'toolsift' });
    pool[2]!.exact = { toolId: 'c', matched: 'c', field: 'id' };
    expect(pool.sort(compareScoredTools).map((tool) => tool.toolId)).toEqual(['c', 'a', 'b']);
  });
});

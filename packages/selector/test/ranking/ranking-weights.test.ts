import { describe, expect, test } from 'vitest';
import {
  DEFAULT_RANKING_WEIGHTS,
  type RankingWeightOverrides,
  resolveRankingWeights,
} from '../../src/ranking/ranking-weights.js';

describe('resolveRankingWeights', () => {
  test('overrides knob by knob within a group, later overrides winning, the rest kept at the defaults', () => {
    const weights = resolveRankingWeights(
      { fusion: { dense: 0.7, lexical: 0.3 }, pool: { size: 60 } },
      undefined,
      { fusion: { lexical: 0.2 }, exactName: { isFirst: false } },
    );
    expect(weights).toEqual({
      fusion: { ...DEFAULT_RANKING_WEIGHTS.fusion, dense: 0.7, lexical: 0.2 },
      views: DEFAULT_RANKING_WEIGHTS.views,
      pool: { ...DEFAULT_RANKING_WEIGHTS.pool, size: 60 },
      exactName: { isFirst: false },
    });
    expect(resolveRankingWeights()).toEqual(DEFAULT_RANKING_WEIGHTS);
  });

  test('never changes the frozen defaults', () => {
    const weights = resolveRankingWeights();
    weights.fusion.dense = 0.9;
    expect(DEFAULT_RANKING_WEIGHTS.fusion.dense).toBe(0.5);
    expect(Object.isFrozen(DEFAULT_RANKING_WEIGHTS.views)).toBe(true);
  });

  test.each([
    ['a flat knob of earlier versions', { dense: 0.7 }],
    ['an unknown knob in a group', { views: { learnedWeight: 0.5 } }],
    ['a group that is no object', { fusion: 'rank' }],
  ])('%s is a USAGE_ERROR naming what exists', (_name, overrides) => {
    expect(() => resolveRankingWeights(overrides as RankingWeightOverrides)).toThrow(
      expect.objectContaining({ code: 'USAGE_ERROR' }),
    );
  });

  test('the messages name the valid groups and knobs', () => {
    expect(() =>
      resolveRankingWeights({ dense: 0.7 } as RankingWeightOverrides),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown ranking weight group "dense". Groups: fusion, views, pool, exactName.]`,
    );
    expect(() =>
      resolveRankingWeights({ views: { learnedWeight: 0.5 } } as RankingWeightOverrides),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown ranking weight "views.learnedWeight". Weights of "views": bonus, bonusWindow, bonusMaxViews, learned, sentence.]`,
    );
    expect(() =>
      resolveRankingWeights({ fusion: 'rank' } as unknown as RankingWeightOverrides),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Ranking weights "fusion" must be an object of mode, dense, multiSentenceDense, lexical, zClip, rrfK, denseFloorRank.]`,
    );
  });

  test.each([
    ['fusion', 'mode', 'rrf'],
    ['fusion', 'mode', undefined],
    ['fusion', 'dense', Number.NaN],
    ['fusion', 'dense', '0.5'],
    ['fusion', 'dense', undefined],
    ['fusion', 'multiSentenceDense', -0.1],
    ['fusion', 'lexical', Number.POSITIVE_INFINITY],
    ['fusion', 'zClip', 0],
    ['fusion', 'rrfK', -1],
    ['fusion', 'denseFloorRank', 0],
    ['fusion', 'denseFloorRank', 2.5],
    ['views', 'bonus', null],
    ['views', 'bonusWindow', -0.01],
    ['views', 'bonusMaxViews', 1.5],
    ['views', 'learned', Number.NaN],
    ['views', 'sentence', true],
    ['pool', 'size', -1],
    ['pool', 'size', 40.5],
    ['pool', 'viewsPerTool', 0],
    ['exactName', 'isFirst', 'yes'],
    ['exactName', 'isFirst', 1],
  ])('%s.%s = %o is a USAGE_ERROR naming the knob and the value', (group, knob, value) => {
    const attempt = () => resolveRankingWeights({ [group]: { [knob]: value } } as RankingWeightOverrides);
    expect(attempt).toThrow(
      expect.objectContaining({ code: 'USAGE_ERROR', details: { option: `${group}.${knob}` } }),
    );
    expect(attempt).toThrow(`Ranking weight "${group}.${knob}" must be `);
  });

  test('the value messages say what was given and what was expected', () => {
    expect(() =>
      resolveRankingWeights({ fusion: { mode: 'rrf' } } as unknown as RankingWeightOverrides),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Ranking weight "fusion.mode" must be one of "zscore", "score", "rank", got "rrf".]`,
    );
    expect(() => resolveRankingWeights({ fusion: { zClip: Number.NaN } })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Ranking weight "fusion.zClip" must be a finite number > 0, got NaN.]`,
    );
    expect(() => resolveRankingWeights({ pool: { size: 2.5 } })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Ranking weight "pool.size" must be a whole number >= 0, got 2.5.]`,
    );
    expect(() =>
      resolveRankingWeights({ exactName: { isFirst: 'no' } } as unknown as RankingWeightOverrides),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Ranking weight "exactName.isFirst" must be true or false, got "no".]`,
    );
  });

  test('values at the edge of what a knob means are accepted', () => {
    const weights = resolveRankingWeights({
      fusion: { mode: 'rank', dense: 0, lexical: 0, rrfK: 0, denseFloorRank: 1, zClip: 0.5 },
      views: { bonus: 0, bonusMaxViews: 0, sentence: 0 },
      pool: { size: 0, viewsPerTool: 1 },
    });
    expect(weights.fusion).toMatchObject({ mode: 'rank', rrfK: 0, denseFloorRank: 1 });
  });
});

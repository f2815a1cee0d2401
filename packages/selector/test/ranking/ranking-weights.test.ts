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
});

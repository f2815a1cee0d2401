import { describe, expect, it } from 'vitest';
import { scoreRanking } from '../../src/eval/retrieval-metrics.js';

const log2 = (position: number) => 1 / Math.log2(position + 1);

describe('scoreRanking', () => {
  it.each([
    ['hit at 1', ['a', 'x'], [['a']], { top1: 1, recall1: 1, recall5: 1, recall10: 1, ndcg10: 1, mrr: 1 }],
    [
      'hit at 3',
      ['x', 'y', 'a'],
      [['a']],
      { top1: 0, recall1: 0, recall5: 1, recall10: 1, ndcg10: log2(3), mrr: 1 / 3 },
    ],
    ['miss', ['x', 'y'], [['a']], { top1: 0, recall1: 0, recall5: 0, recall10: 0, ndcg10: 0, mrr: 0 }],
    [
      'two gold, one found at 2',
      ['x', 'b', 'y'],
      [['a'], ['b']],
      { top1: 0, recall1: 0, recall5: 0.5, recall10: 0.5, ndcg10: log2(2) / (1 + log2(2)), mrr: 0.5 },
    ],
    [
      'a group counts once, by any member',
      ['a2', 'a1', 'b'],
      [['a1', 'a2'], ['b']],
      { top1: 1, recall1: 1, recall5: 1, recall10: 1, ndcg10: (1 + log2(3)) / (1 + log2(2)), mrr: 1 },
    ],
  ])('%s', (_label, ranked, groups, expected) => {
    const metrics = scoreRanking(ranked, groups);
    for (const [key, value] of Object.entries(expected)) {
      expect(metrics[key as keyof typeof metrics]).toBeCloseTo(value, 10);
    }
  });

  it('divides recall@k by min(|gold|, k)', () => {
    const groups = Array.from({ length: 8 }, (_, index) => [`g${index}`]);
    const ranked = ['g0', 'g1', 'g2', 'g3', 'g4', 'x', 'y'];
    expect(scoreRanking(ranked, groups).recall5).toBe(1);
    expect(scoreRanking(ranked, groups).recall10).toBe(5 / 8);
  });
});

import { describe, expect, it } from 'vitest';
import { meanPoolNormalized } from '../../src/embedding/mean-pool-normalized.js';

describe('meanPoolNormalized', () => {
  it('gives what transformers.js pooling (mean, normalize) gives, bit for bit, padding masked out', async () => {
    const { Tensor, mean_pooling } = (await import('@xenova/transformers')) as unknown as {
      Tensor: new (
        type: string,
        data: unknown,
        dims: number[],
      ) => { normalize(p: number, dim: number): { data: Float32Array } };
      mean_pooling: (
        hidden: unknown,
        mask: unknown,
      ) => { normalize(p: number, dim: number): { data: Float32Array } };
    };
    const dims = [3, 5, 16];
    let seed = 7;
    const hidden = Float32Array.from({ length: 3 * 5 * 16 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 30 - 1;
    });
    const mask = BigInt64Array.from([1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0].map(BigInt));
    const expected = mean_pooling(
      new Tensor('float32', hidden, dims),
      new Tensor('int64', mask, [3, 5]),
    ).normalize(2, -1).data;
    const actual = meanPoolNormalized({ hidden, dims, mask });
    expect(actual.flatMap((vector) => [...vector])).toEqual([...expected]);
  });
});

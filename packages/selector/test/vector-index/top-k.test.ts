import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortHits, TopK } from '../../src/vector-index/top-k.js';

describe('TopK', () => {
  it('keeps exactly the k best hits of a full sort, ties broken by key', () => {
    const hit = fc.record({
      key: fc.string({ maxLength: 3 }),
      similarity: fc.constantFrom(-1, -0.5, 0, 0.25, 0.5, 1),
    });
    const uniqueHits = fc.uniqueArray(hit, { selector: (h) => h.key, maxLength: 60 });
    fc.assert(
      fc.property(uniqueHits, fc.integer({ min: 0, max: 70 }), (hits, k) => {
        const top = new TopK(k);
        for (const h of hits) top.offer(h.key, h.similarity);
        expect(top.toSortedArray()).toEqual(sortHits([...hits]).slice(0, k));
      }),
    );
  });
});

import type { HierarchicalNSW as HnswlibNodeIndex } from 'hnswlib-node';
import { expectTypeOf, test } from 'vitest';
import type { HierarchicalNSW, Hnswlib } from '../../src/vector-index/hnswlib.js';

// The published declarations describe hnswlib-node's index themselves (it is optional): they must stay a part of it.
test("hnswlib-node's own HierarchicalNSW satisfies the part toolsift declares", () => {
  expectTypeOf<HnswlibNodeIndex>().toExtend<HierarchicalNSW>();
  expectTypeOf<typeof HnswlibNodeIndex>().toExtend<Hnswlib['HierarchicalNSW']>();
});

import { FIELD_BITS, TF_MASK } from './posting-lists.js';
import { selectTop } from './select-top.js';

/** A query term's posting list to score, with its `scale`: IDF × (k1 + 1). */
export interface ScoredList {
  data: Int32Array;
  length: number;
  scale: number;
}

/** What `QueryScorer.score` needs: one list per query term, the per-field length factors, k1 and k. */
export interface ScoreInput {
  terms: readonly ScoredList[];
  /** Per field, per slot: weight / length norm (0 for dead slots). */
  factors: readonly Float64Array[];
  k1: number;
  k: number;
  capacity: number;
  keyOf: (slot: number) => string;
}

/**
 * Term-at-a-time BM25F accumulation with MaxScore pruning. Terms are scored from the highest possible
 * contribution down; once the k-th best score beats what the remaining terms could still add, no new
 * document can enter the top k, so the remaining terms only update the surviving candidates (found by
 * binary search) instead of scanning their long postings. Results equal a full evaluation.
 */
export class QueryScorer {
  #total = new Float64Array(0);
  /** Scratch heap of `kthLargest`, kept between queries (allocating a typed array per call costs more). */
  #heap = new Float64Array(0);

  /** The k best slots, best first (ties by key), with their scores. */
  score(input: ScoreInput): Array<{ slot: number; score: number }> {
    const { factors, k1, k } = input;
    if (this.#total.length < input.capacity) {
      this.#total = new Float64Array(input.capacity);
    }
    const total = this.#total;
    if (this.#heap.length < k) this.#heap = new Float64Array(k);
    const heap = this.#heap;
    const terms = input.terms
      .map((list, order) => ({ list, order, bound: Math.max(0, list.scale) }))
      .sort((a, b) => b.bound - a.bound || a.order - b.order);
    let remaining = terms.reduce((sum, term) => sum + term.bound, 0);
    const touched: number[] = [];
    let candidates: Int32Array | undefined;
    let highest = 0;
    for (const term of terms) {
      remaining -= term.bound;
      if (candidates !== undefined) {
        addSortedLookups({ list: term.list, factors, k1, slots: candidates, total });
        const threshold = kthLargest({ slots: candidates, scores: total, k, heap });
        candidates = survivors({ slots: candidates, total, remaining, threshold });
        continue;
      }
      highest = addList({ factors, k1, total, touched, highest, list: term.list });
      // The k-th best score is at most the best one: while that cannot beat what the remaining terms may
      // add, no switch can happen, so the k-th score is not computed (an O(touched) pass per term).
      if (touched.length < k || highest <= remaining) continue;
      const threshold = kthLargest({ slots: touched, scores: total, k, heap });
      if (threshold > remaining) {
        // Ascending slots, so each remaining list is walked once (see `addSortedLookups`); a typed array
        // sorts numerically without a comparator, several times faster.
        candidates = survivors({ slots: touched, total, remaining, threshold }).sort();
      }
    }
    const top = selectTop({
      slots: candidates ?? touched,
      scores: total,
      keyOf: input.keyOf,
      k,
    });
    const result = top.map((slot) => ({ slot, score: total[slot]! }));
    for (const slot of touched) total[slot] = 0;
    return result;
  }
}

// --- internal ---

/** What scanning one term's postings reads and updates: new slots go to `touched`, `highest` is returned. */
interface ScanContext {
  factors: readonly Float64Array[];
  k1: number;
  total: Float64Array;
  touched: number[];
  highest: number;
}

// The BM25F term frequency of the slot whose postings start at `index` (they are consecutive, one per field).
function frequencyAt(
  data: Int32Array,
  length: number,
  index: number,
  factors: readonly Float64Array[],
): number {
  const slot = data[index]!;
  let frequency = 0;
  for (let at = index; at < length && data[at] === slot; at += 2) {
    const packed = data[at + 1]!;
    frequency += factors[packed >>> FIELD_BITS]![slot]! * (packed & TF_MASK);
  }
  return frequency;
}

// Add the scores of a term's posting list into `total`.
function addList(context: ScanContext & { list: ScoredList }): number {
  const { list, factors, k1, total, touched } = context;
  const { data, length, scale } = list;
  let highest = context.highest;
  for (let index = 0; index < length; ) {
    const slot = data[index]!;
    const frequency = frequencyAt(data, length, index, factors);
    while (index < length && data[index] === slot) index += 2;
    if (frequency === 0) continue; // a dead slot or a zero-weight field
    const score = (scale * frequency) / (frequency + k1);
    if (!(score > 0)) continue;
    if (total[slot] === 0) touched.push(slot);
    total[slot]! += score;
    if (total[slot]! > highest) highest = total[slot]!;
  }
  return highest;
}

// Add one term's contribution to each of `slots` (ascending). The list is walked once: a binary search for each
// slot's first posting, starting where the previous slot's search ended.
function addSortedLookups(context: {
  list: ScoredList;
  factors: readonly Float64Array[];
  k1: number;
  slots: Int32Array;
  total: Float64Array;
}): void {
  const { list, factors, k1, slots, total } = context;
  const { data, length, scale } = list;
  let low = 0;
  for (let position = 0; position < slots.length; position++) {
    const slot = slots[position]!;
    let high = length / 2;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (data[middle * 2]! < slot) low = middle + 1;
      else high = middle;
    }
    const frequency =
      low * 2 < length && data[low * 2] === slot ? frequencyAt(data, length, low * 2, factors) : 0;
    if (frequency > 0) total[slot]! += (scale * frequency) / (frequency + k1);
  }
}

// The slots whose score may still reach the top k, in their order. A plain loop: `filter` on a typed array is
// not inlined by V8 and cost more than the scoring.
function survivors(input: {
  slots: ArrayLike<number>;
  total: Float64Array;
  remaining: number;
  threshold: number;
}): Int32Array {
  const { slots, total, remaining, threshold } = input;
  const kept = new Int32Array(slots.length);
  let count = 0;
  for (let position = 0; position < slots.length; position++) {
    const slot = slots[position]!;
    if (total[slot]! + remaining >= threshold) kept[count++] = slot;
  }
  return kept.subarray(0, count);
}

// The k-th largest score among `slots` (a bounded min-heap of scores, in the first k entries of `heap`).
function kthLargest(input: {
  slots: ArrayLike<number>;
  scores: Float64Array;
  k: number;
  heap: Float64Array;
}): number {
  const { slots, scores, k, heap } = input;
  let size = 0;
  for (let position = 0; position < slots.length; position++) {
    const value = scores[slots[position]!]!;
    if (size < k) {
      let child = size++;
      while (child > 0 && heap[(child - 1) >> 1]! > value) {
        heap[child] = heap[(child - 1) >> 1]!;
        child = (child - 1) >> 1;
      }
      heap[child] = value;
    } else if (value > heap[0]!) {
      let parent = 0;
      for (;;) {
        const left = 2 * parent + 1;
        if (left >= k) break;
        const smaller = left + 1 < k && heap[left + 1]! < heap[left]! ? left + 1 : left;
        if (heap[smaller]! >= value) break;
        heap[parent] = heap[smaller]!;
        parent = smaller;
      }
      heap[parent] = value;
    }
  }
  return size < k ? Number.NEGATIVE_INFINITY : heap[0]!;
}

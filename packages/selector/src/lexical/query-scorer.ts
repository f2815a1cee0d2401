import { FIELD_BITS, TF_MASK } from './posting-lists.js';
import { selectTop } from './select-top.js';

/** A posting list to score, with its `scale`: IDF × match weight × (k1 + 1). */
export interface ScoredList {
  data: Int32Array;
  length: number;
  scale: number;
}

/** What `QueryScorer.score` needs: one entry per query term (its lists), the per-field length factors, k1 and k. */
export interface ScoreInput {
  terms: ReadonlyArray<readonly ScoredList[]>;
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
  #best = new Float64Array(0);

  /** The k best slots, best first (ties by key), with their scores. */
  score(input: ScoreInput): Array<{ slot: number; score: number }> {
    const { factors, k1, k } = input;
    if (this.#total.length < input.capacity) {
      this.#total = new Float64Array(input.capacity);
      this.#best = new Float64Array(input.capacity);
    }
    const total = this.#total;
    const best = this.#best;
    const terms = input.terms
      .map((lists, order) => ({ lists, order, bound: Math.max(0, ...lists.map((list) => list.scale)) }))
      .sort((a, b) => b.bound - a.bound || a.order - b.order);
    let remaining = terms.reduce((sum, term) => sum + term.bound, 0);
    const touched: number[] = [];
    let candidates: number[] | undefined;
    let highest = 0;
    for (const term of terms) {
      remaining -= term.bound;
      if (candidates === undefined) {
        const touchedByTerm: number[] = [];
        for (const list of term.lists) scanList({ list, factors, k1, best, touched: touchedByTerm });
        for (const slot of touchedByTerm) {
          if (total[slot] === 0) touched.push(slot);
          total[slot]! += best[slot]!;
          best[slot] = 0;
          if (total[slot]! > highest) highest = total[slot]!;
        }
        // The k-th best score is at most the best one: while that cannot beat what the remaining terms may
        // add, no switch can happen, so the k-th score is not computed (an O(touched) pass per term).
        if (touched.length < k || highest <= remaining) continue;
        const threshold = kthLargest(touched, total, k);
        if (threshold > remaining) {
          // Ascending slots, so each remaining list is walked once (see `addSortedLookups`).
          candidates = touched.filter((slot) => total[slot]! + remaining >= threshold).sort((a, b) => a - b);
        }
      } else {
        addSortedLookups({ lists: term.lists, factors, k1, slots: candidates, total });
        const threshold = kthLargest(candidates, total, k);
        candidates = candidates.filter((slot) => total[slot]! + remaining >= threshold);
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

interface ListContext {
  list: ScoredList;
  factors: readonly Float64Array[];
  k1: number;
}

// Score every document of one posting list into `best` (the best list of the term wins per document).
function scanList(context: ListContext & { best: Float64Array; touched: number[] }): void {
  const { list, factors, k1, best, touched } = context;
  const { data, length, scale } = list;
  let index = 0;
  while (index < length) {
    const slot = data[index]!;
    let frequency = 0;
    for (; index < length && data[index] === slot; index += 2) {
      const packed = data[index + 1]!;
      frequency += factors[packed >>> FIELD_BITS]![slot]! * (packed & TF_MASK);
    }
    if (frequency === 0) continue; // a dead slot or a zero-weight field
    const score = (scale * frequency) / (frequency + k1);
    if (score > best[slot]!) {
      if (best[slot] === 0) touched.push(slot);
      best[slot] = score;
    }
  }
}

// Add one term's contribution (the best of its lists) to each of `slots` (ascending). Each list is walked
// once: a binary search for each slot's first posting, starting where the previous slot's search ended.
function addSortedLookups(context: {
  lists: readonly ScoredList[];
  factors: readonly Float64Array[];
  k1: number;
  slots: readonly number[];
  total: Float64Array;
}): void {
  const { lists, factors, k1, slots, total } = context;
  const contributions = lists.length > 1 ? new Float64Array(slots.length) : undefined;
  for (const { data, length, scale } of lists) {
    let low = 0;
    for (let position = 0; position < slots.length; position++) {
      const slot = slots[position]!;
      let high = length / 2;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (data[middle * 2]! < slot) low = middle + 1;
        else high = middle;
      }
      let frequency = 0;
      for (let index = low * 2; index < length && data[index] === slot; index += 2) {
        const packed = data[index + 1]!;
        frequency += factors[packed >>> FIELD_BITS]![slot]! * (packed & TF_MASK);
      }
      const score = frequency === 0 ? 0 : (scale * frequency) / (frequency + k1);
      if (contributions === undefined) total[slot]! += score;
      else contributions[position] = Math.max(contributions[position]!, score);
    }
  }
  if (contributions === undefined) return;
  for (let position = 0; position < slots.length; position++)
    total[slots[position]!]! += contributions[position]!;
}

// The k-th largest score among `slots` (a bounded min-heap of scores).
function kthLargest(slots: readonly number[], scores: Float64Array, k: number): number {
  const heap = new Float64Array(k);
  let size = 0;
  for (const slot of slots) {
    const value = scores[slot]!;
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

import type { VectorHit } from './vector-index.js';

/** True when hit `a` ranks before hit `b`: higher similarity first, then the smaller key. */
export function ranksBefore(a: VectorHit, b: VectorHit): boolean {
  return a.similarity > b.similarity || (a.similarity === b.similarity && a.key < b.key);
}

/** Sort hits best first (similarity descending, ties by key ascending) in place. */
export function sortHits(hits: VectorHit[]): VectorHit[] {
  return hits.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A bounded heap that keeps the k best hits seen; the worst kept hit sits at the root. */
export class TopK {
  readonly #capacity: number;
  readonly #heap: VectorHit[] = [];

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Similarity a new hit must reach to be considered (-Infinity until the heap is full). */
  get threshold(): number {
    return this.#heap.length < this.#capacity ? Number.NEGATIVE_INFINITY : (this.#heap[0]?.similarity ?? 0);
  }

  /** Offer a hit; it is kept if the heap is not full or it ranks before the worst kept hit. */
  offer(key: string, similarity: number): void {
    const heap = this.#heap;
    if (this.#capacity <= 0) return;
    if (heap.length < this.#capacity) {
      heap.push({ key, similarity });
      siftUp(heap, heap.length - 1);
      return;
    }
    const root = heap[0]!;
    if (!ranksBefore({ key, similarity }, root)) return;
    heap[0] = { key, similarity };
    siftDown(heap, 0);
  }

  /** The kept hits, best first. */
  toSortedArray(): VectorHit[] {
    return sortHits([...this.#heap]);
  }
}

// --- internal ---

// The heap is ordered so that the worst hit is at the root: a parent never ranks before its children.
function siftUp(heap: VectorHit[], index: number): void {
  let child = index;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!ranksBefore(heap[parent]!, heap[child]!)) return;
    swap(heap, parent, child);
    child = parent;
  }
}

function siftDown(heap: VectorHit[], index: number): void {
  let parent = index;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let worst = parent;
    if (left < heap.length && ranksBefore(heap[worst]!, heap[left]!)) worst = left;
    if (right < heap.length && ranksBefore(heap[worst]!, heap[right]!)) worst = right;
    if (worst === parent) return;
    swap(heap, parent, worst);
    parent = worst;
  }
}

function swap(heap: VectorHit[], a: number, b: number): void {
  const tmp = heap[a]!;
  heap[a] = heap[b]!;
  heap[b] = tmp;
}

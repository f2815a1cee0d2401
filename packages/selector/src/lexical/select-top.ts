/**
 * The k slots with the highest score, best first, ties broken by key (ascending). Sorts everything when
 * k is a large share of the candidates, otherwise keeps a sorted buffer of the k best.
 */
export function selectTop(input: {
  slots: ArrayLike<number> & Iterable<number>;
  scores: Float64Array;
  keyOf: (slot: number) => string;
  k: number;
}): number[] {
  const { slots, scores, keyOf, k } = input;
  const before = (a: number, b: number) =>
    scores[a]! > scores[b]! || (scores[a] === scores[b] && keyOf(a) < keyOf(b));
  const compare = (a: number, b: number) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
  if (k * 4 >= slots.length) return [...slots].sort(compare).slice(0, k);
  const best: number[] = [];
  for (const slot of slots) {
    if (best.length === k && !before(slot, best[k - 1]!)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(best[middle]!, slot)) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, slot);
    if (best.length > k) best.pop();
  }
  return best;
}

/** Up to `limit` ids closest to `wanted`: those containing it (or contained in it) first, then by edit distance. */
export function closeIds(options: { wanted: string; ids: readonly string[]; limit?: number }): string[] {
  const wanted = options.wanted.toLowerCase();
  const scored = options.ids.map((id) => {
    const lower = id.toLowerCase();
    const isContained = wanted.length > 0 && (lower.includes(wanted) || wanted.includes(lower));
    return { id, rank: isContained ? 0 : 1, distance: editDistance(wanted, lower) };
  });
  const limit = options.limit ?? 5;
  // Far-off ids are noise: keep an id only when at most about half of it would have to change.
  return scored
    .filter((entry) => entry.rank === 0 || entry.distance <= Math.max(2, Math.ceil(entry.id.length / 2)))
    .sort((a, b) => a.rank - b.rank || a.distance - b.distance || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.id);
}

// --- internal ---

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

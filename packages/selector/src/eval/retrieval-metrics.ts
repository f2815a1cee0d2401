/** Metrics of one answerable query. */
export interface QueryMetrics {
  top1: number;
  recall1: number;
  recall5: number;
  recall10: number;
  ndcg10: number;
  mrr: number;
}

/**
 * Score a ranking against gold groups (each group = alternatives for one needed tool). Recall@k counts the
 * groups found in the top k over min(groups, k); nDCG@10 uses binary gain, one credit per group; MRR is the
 * reciprocal rank of the first gold tool.
 */
export function scoreRanking(
  ranked: readonly string[],
  groups: ReadonlyArray<readonly string[]>,
): QueryMetrics {
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const id of group) if (!groupOf.has(id)) groupOf.set(id, index);
  });
  const recallAt = (k: number): number => {
    const found = new Set<number>();
    for (const id of ranked.slice(0, k)) {
      const group = groupOf.get(id);
      if (group !== undefined) found.add(group);
    }
    return groups.length === 0 ? 0 : found.size / Math.min(groups.length, k);
  };
  let dcg = 0;
  const credited = new Set<number>();
  ranked.slice(0, 10).forEach((id, position) => {
    const group = groupOf.get(id);
    if (group === undefined || credited.has(group)) return;
    credited.add(group);
    dcg += 1 / Math.log2(position + 2);
  });
  let idcg = 0;
  for (let position = 0; position < Math.min(groups.length, 10); position++)
    idcg += 1 / Math.log2(position + 2);
  const firstHit = ranked.findIndex((id) => groupOf.has(id));
  return {
    top1: ranked[0] !== undefined && groupOf.has(ranked[0]) ? 1 : 0,
    recall1: recallAt(1),
    recall5: recallAt(5),
    recall10: recallAt(10),
    ndcg10: idcg === 0 ? 0 : dcg / idcg,
    mrr: firstHit < 0 ? 0 : 1 / (firstHit + 1),
  };
}

/**
 * Coefficients of the confidence logistic, `logistic(bias + score·s + margin·m + fused·f + similarity·v +
 * lexical·l + exactName·e)` (see `confidenceStage`). Fitted on the tuning halves of the bench datasets
 * (`bench/src/tune.ts --confidence`) so that the value reads as the probability that a tool is a right one:
 * they are refitted with the ranking, not tuned by users, so they are no `RankingWeights` option.
 */
export const CONFIDENCE_COEFFICIENTS = Object.freeze({
  bias: -5.26,
  score: 0.33,
  margin: 1.15,
  fused: -0.27,
  similarity: 6.12,
  lexical: 0.41,
  exactName: 2.08,
});

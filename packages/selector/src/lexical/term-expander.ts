/**
 * @deprecated Fuzzy and prefix matching were removed (they changed nDCG@10 by -0.003 to +0.004 on the bench rows
 * and cost up to 2.4x the lexical query time; see bench/NOTES.md). Kept only so the `fuzzy` and `prefix` options,
 * now ignored, still type-check; removed with them.
 */
export interface ExpansionRule {
  minLength: number;
  weight: number;
}

import type { ScoredTool, SelectionContext } from '../ranking/selection-context.js';
import { contentTerms } from './content-terms.js';

/** The evidence abstention weighs: whether anything in the ranking fits the prompt, on several signals. */
export interface AbstentionSignals {
  /** Best raw cosine between the prompt and any view of any ranked tool. */
  denseMax: number;
  /** Gap between that best cosine and the best cosine of the next tool. */
  denseMargin: number;
  /** Gap between the best cosine and the mean best cosine of the top 10 tools: does one tool stand out? */
  denseSpread: number;
  /** Largest share of the prompt's content words that one tool's lexical index matched. */
  coverage: number;
  /** Largest raw BM25 score (0 when no word matched). */
  bm25: number;
  /** Gap between the best and the second BM25 score, as a share of the best (0 when no word matched). */
  bm25Margin: number;
  /** 1 when the tool with the best cosine is also the best BM25 tool (the two retrievers agree), else 0. */
  agreement: number;
  /** How many distinct content words the prompt has. */
  promptTerms: number;
  /** 1 when the prompt was ranked within a shortlist the caller gave (`candidates`), 0 over the whole catalog. */
  shortlist: number;
  /**
   * Within a shortlist: how much closer the best view of the whole catalog is to the prompt than the shortlist's
   * best (0 when the shortlist holds it, and over the whole catalog). A catalog that has `calc_area_triangle`
   * for "area of a triangle" says the shortlist `determine_body_mass_index` has no tool that fits.
   */
  outsideGap: number;
}

/**
 * The signals of a fused ranking (before rules change it). `catalogBest` (see `catalogBestCosine`) is searched for
 * when not given: a caller that weighs several rankings of one prompt searches the catalog once.
 */
export function abstentionSignals(
  context: Pick<SelectionContext, 'prompt' | 'ranked' | 'candidateIds' | 'index' | 'queryVector'>,
  catalogBest: number | undefined = catalogBestCosine(context),
): AbstentionSignals {
  const { ranked } = context;
  const terms = contentTerms(context.prompt);
  const cosines = largest(ranked, cosineOf, SPREAD_TOOLS);
  const denseMax = cosines[0] ?? 0;
  const mean = cosines.length === 0 ? 0 : cosines.reduce((sum, value) => sum + value, 0) / cosines.length;
  let matched = 0;
  for (const scored of ranked) matched = Math.max(matched, scored.lexical?.terms.length ?? 0);
  const lexical = largest(ranked, lexicalOf, 2);
  const bm25 = lexical[0] ?? 0;
  return {
    denseMax,
    denseMargin: Math.max(0, denseMax - (cosines[1] ?? 0)),
    denseSpread: Math.max(0, denseMax - mean),
    coverage: terms.size === 0 ? 0 : Math.min(1, matched / terms.size),
    bm25,
    bm25Margin: bm25 <= 0 ? 0 : (bm25 - (lexical[1] ?? 0)) / bm25,
    agreement: Number(bm25 > 0 && bestBy(ranked, cosineOf) === bestBy(ranked, lexicalOf)),
    promptTerms: terms.size,
    shortlist: Number(context.candidateIds !== undefined),
    outsideGap: catalogBest === undefined ? 0 : Math.max(0, catalogBest - denseMax),
  };
}

/**
 * The whole catalog's best view cosine, which `outsideGap` compares a shortlist's best with: undefined over the
 * whole catalog (no shortlist) or without a query vector, when there is nothing to compare.
 */
export function catalogBestCosine(
  context: Pick<SelectionContext, 'candidateIds' | 'index' | 'queryVector'>,
): number | undefined {
  if (context.candidateIds === undefined || context.queryVector === undefined) return undefined;
  return context.index.searchVectors(context.queryVector, 1)[0]?.similarity ?? 0;
}

// --- internal ---

const SPREAD_TOOLS = 10;

function cosineOf(scored: ScoredTool): number {
  return scored.dense?.views[0]?.similarity ?? 0;
}

function lexicalOf(scored: ScoredTool): number {
  return scored.lexical?.score ?? 0;
}

/** The `count` largest values over the ranking, largest first (what sorting them all would start with). */
function largest(
  ranked: readonly ScoredTool[],
  value: (scored: ScoredTool) => number,
  count: number,
): number[] {
  const kept: number[] = [];
  for (const scored of ranked) {
    const current = value(scored);
    if (kept.length === count && !(current > kept[count - 1]!)) continue;
    let position = kept.length;
    while (position > 0 && kept[position - 1]! < current) position--;
    kept.splice(position, 0, current);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** The id of the tool with the highest value (the first in ranking order on ties). */
function bestBy(ranked: readonly ScoredTool[], value: (scored: ScoredTool) => number): string | undefined {
  let best: ScoredTool | undefined;
  for (const scored of ranked) if (best === undefined || value(scored) > value(best)) best = scored;
  return best?.toolId;
}

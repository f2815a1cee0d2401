import { ENGLISH_STOP_WORDS } from '../lexical/stop-words.js';
import { tokenize } from '../lexical/tokenize.js';
import type { ScoredTool } from '../ranking/selection-context.js';

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
  /** How many distinct content words the prompt has. */
  promptTerms: number;
}

/** The signals of a fused ranking (before rules change it). */
export function abstentionSignals(prompt: string, ranked: readonly ScoredTool[]): AbstentionSignals {
  const terms = new Set(tokenize(prompt, TOKEN_OPTIONS).map((token) => token.term));
  const cosines = ranked.map((scored) => scored.dense?.views[0]?.similarity ?? 0).sort((a, b) => b - a);
  const denseMax = cosines[0] ?? 0;
  const top = cosines.slice(0, SPREAD_TOOLS);
  const mean = top.length === 0 ? 0 : top.reduce((sum, value) => sum + value, 0) / top.length;
  const matched = Math.max(0, ...ranked.map((scored) => scored.lexical?.terms.length ?? 0));
  return {
    denseMax,
    denseMargin: Math.max(0, denseMax - (cosines[1] ?? 0)),
    denseSpread: Math.max(0, denseMax - mean),
    coverage: terms.size === 0 ? 0 : Math.min(1, matched / terms.size),
    bm25: Math.max(0, ...ranked.map((scored) => scored.lexical?.score ?? 0)),
    promptTerms: terms.size,
  };
}

// --- internal ---

const SPREAD_TOOLS = 10;
const TOKEN_OPTIONS = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true };

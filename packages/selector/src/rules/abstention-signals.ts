import { ENGLISH_STOP_WORDS } from '../lexical/stop-words.js';
import { tokenize } from '../lexical/tokenize.js';
import type { ScoredTool } from '../ranking/selection-context.js';

/** The evidence abstention weighs: how well the best tool fits the prompt, on several independent signals. */
export interface AbstentionSignals {
  /** Best raw cosine between the prompt and a view of the best tool. */
  denseMax: number;
  /** Gap between the best tool's dense score and the next tool's. */
  denseMargin: number;
  /** Share of the prompt's content words that the best tool's lexical index matched. */
  coverage: number;
  /** Raw BM25 score of the best tool (0 when no word matched). */
  bm25: number;
  /** How many content words the prompt has. */
  promptTerms: number;
}

/** The signals of the best tool in a ranking (`ranked[0]`), against the rest of it. */
export function abstentionSignals(prompt: string, ranked: readonly ScoredTool[]): AbstentionSignals {
  const best = ranked[0];
  const terms = new Set(tokenize(prompt, TOKEN_OPTIONS).map((token) => token.term));
  const bestDense = best?.dense?.score ?? 0;
  const nextDense = Math.max(0, ...ranked.slice(1).map((scored) => scored.dense?.score ?? 0));
  const matched = best?.lexical?.terms.length ?? 0;
  return {
    denseMax: best?.dense?.views[0]?.similarity ?? 0,
    denseMargin: Math.max(0, bestDense - nextDense),
    coverage: terms.size === 0 ? 0 : Math.min(1, matched / terms.size),
    bm25: best?.lexical?.score ?? 0,
    promptTerms: terms.size,
  };
}

// --- internal ---

const TOKEN_OPTIONS = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true };

// The searches the providers run over deferred tools, as baselines for the providers bench: a regex as a model
// writes one, and BM25 over names and descriptions. Each ranks a selector's tools through the `Selector`
// interface, so `evaluateSelector` scores them exactly as it scores toolsift.
import type { Selection, Selector } from '@toolsift/selector';
// The bench reuses the index's text analysis (word splitting, stop list), as the lexical bake-off does.
import { ENGLISH_STOP_WORDS } from '../../packages/selector/src/lexical/stop-words.js';
import { tokenize } from '../../packages/selector/src/lexical/tokenize.js';

/** Ranks tool ids for a query, best first, among `candidates` when given; tools that do not match are left out. */
export type ProviderRank = (query: string, limit: number, candidates?: readonly string[]) => string[];

/**
 * The regex a model typically writes for a provider's regex tool search: the query's content words (letters and
 * digits, 3 characters or more, not English stop words), regex-escaped, as one case-insensitive alternation,
 * e.g. "Find flights to Paris" -> /flights|paris/gi, matched against each tool's name and description. Tools
 * rank by the number of distinct words matched; ties keep catalog order.
 */
export function regexSearch(selector: Selector): ProviderRank {
  const documents = selector.tools.map((tool) => ({
    id: tool.id,
    text: `${tool.name}\n${tool.description}`,
  }));
  const order = new Map(documents.map((document, index) => [document.id, index]));
  return (query, limit, candidates) => {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter(
      (word) => word.length >= 3 && !STOP_WORDS.has(word),
    );
    if (words.length === 0) return [];
    const pattern = new RegExp(words.map(escapeRegex).join('|'), 'giu');
    const allowed = candidates === undefined ? undefined : new Set(candidates);
    const scored: Array<{ id: string; matched: number }> = [];
    for (const document of documents) {
      if (allowed !== undefined && !allowed.has(document.id)) continue;
      const matched = new Set([...document.text.matchAll(pattern)].map((match) => match[0].toLowerCase()));
      if (matched.size > 0) scored.push({ id: document.id, matched: matched.size });
    }
    scored.sort((a, b) => b.matched - a.matched || order.get(a.id)! - order.get(b.id)!);
    return scored.slice(0, limit).map((entry) => entry.id);
  };
}

/**
 * Okapi BM25 (k1 = 1.2, b = 0.75) over one field per tool: its name and description, split into lower-cased
 * words at spaces, punctuation, camelCase and snake_case, English stop words removed, no stemming. Ties keep
 * catalog order.
 */
export function bm25Search(selector: Selector): ProviderRank {
  const analyze = (text: string): string[] =>
    tokenize(text, { stopWords: STOP_WORDS, isStemming: false }).map((token) => token.term);
  const documents = selector.tools.map((tool) => analyze(`${tool.name} ${tool.description}`));
  const ids = selector.tools.map((tool) => tool.id);
  const averageLength =
    documents.reduce((sum, terms) => sum + terms.length, 0) / Math.max(documents.length, 1);
  const postings = new Map<string, Array<{ document: number; frequency: number }>>();
  documents.forEach((terms, document) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, frequency] of counts) {
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [{ document, frequency }]);
      else list.push({ document, frequency });
    }
  });
  const total = documents.length;
  return (query, limit, candidates) => {
    const allowed = candidates === undefined ? undefined : new Set(candidates);
    const scores = new Map<number, number>();
    for (const term of new Set(analyze(query))) {
      const list = postings.get(term) ?? [];
      const idf = Math.log(1 + (total - list.length + 0.5) / (list.length + 0.5));
      for (const { document, frequency } of list) {
        const length = documents[document]!.length;
        const weight = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
        scores.set(document, (scores.get(document) ?? 0) + idf * weight);
      }
    }
    return [...scores]
      .filter(([document]) => allowed === undefined || allowed.has(ids[document]!))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([document]) => ids[document]!);
  };
}

/** A selector whose `select` ranks with `rank` (for `evaluateSelector`); everything else is the given selector's. */
export function rankingSelector(selector: Selector, rank: ProviderRank): Selector {
  // The selector's own members (getters included) through the prototype: only `select` is replaced.
  const ranking: Selector = Object.create(selector);
  ranking.select = async (prompt, options = {}): Promise<Selection> => {
    const ranked = rank(prompt, options.k ?? 5, options.candidates);
    return {
      tools: ranked.map((id, index) => ({
        id,
        name: selector.tool(id)?.name ?? id,
        score: 1 / (index + 1),
        confidence: 1 / (index + 1),
        reasons: [],
      })) as Selection['tools'],
      unavailable: [],
      suggestions: [],
      warnings: [],
      timings: {},
    };
  };
  return ranking;
}

// --- internal ---

const STOP_WORDS: ReadonlySet<string> = new Set(ENGLISH_STOP_WORDS);
const K1 = 1.2;
const B = 0.75;

function escapeRegex(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { editVariants, TermHashFilter } from './term-hash-filter.js';

/** A vocabulary term that a query term expands to, and the weight (< 1) its matches are scored at. */
export interface TermExpansion {
  term: string;
  weight: number;
}

/** Fuzzy or prefix matching settings: the shortest query term it applies to and the match weight. */
export interface ExpansionRule {
  minLength: number;
  weight: number;
}

/** Where the expander reads the vocabulary from. */
export interface Vocabulary {
  readonly version: number;
  liveId(term: string): number | undefined;
  liveTerms(): Iterable<string>;
}

/** What the expander derives from the vocabulary, as an index saves it (see `TermExpander.saved`). */
export interface SavedExpansionTables {
  /** The inserted and substituted characters tried, most common first. */
  alphabet: string[];
  /** The bits of the terms' filter and of their deletions' filter (`TermHashFilter.bits`). */
  terms: Int32Array;
  deletions: Int32Array;
}

/**
 * Expands a query term to near vocabulary terms: edit distance 1 (insert, delete, substitute, swap) by
 * generating the variants and looking them up, and prefix matches by binary search in a sorted term
 * list. Results are cached per term until the vocabulary changes.
 */
export class TermExpander {
  readonly #vocabulary: Vocabulary;
  readonly #fuzzy: ExpansionRule | null;
  readonly #prefix: ExpansionRule | null;
  #version = -1;
  /** The live terms in order; built on first use after `restore`. */
  #sorted: string[] | undefined = [];
  #alphabet: string[] = [];
  #filter = new TermHashFilter([]);
  #deletions = new TermHashFilter([]);
  #cache = new Map<string, TermExpansion[]>();

  constructor(options: {
    vocabulary: Vocabulary;
    fuzzy: ExpansionRule | null;
    prefix: ExpansionRule | null;
  }) {
    this.#vocabulary = options.vocabulary;
    this.#fuzzy = options.fuzzy;
    this.#prefix = options.prefix;
  }

  /** Other live terms that `term` may stand for (never `term` itself), best weight first, ties by term. */
  expand(term: string): TermExpansion[] {
    if (this.#vocabulary.version !== this.#version) this.#refresh();
    const cached = this.#cache.get(term);
    if (cached) return cached;
    const weights = new Map<string, number>();
    const offer = (candidate: string, weight: number) => {
      if (candidate !== term && weight > (weights.get(candidate) ?? 0)) weights.set(candidate, weight);
    };
    if (this.#prefix && term.length >= this.#prefix.minLength) {
      for (const candidate of this.#withPrefix(term)) {
        offer(candidate, (this.#prefix.weight * term.length) / candidate.length);
      }
    }
    if (this.#fuzzy && term.length >= this.#fuzzy.minLength && !/\d/.test(term)) {
      for (const candidate of this.#withinOneEdit(term)) offer(candidate, this.#fuzzy.weight);
    }
    const expansions = [...weights]
      .map(([candidate, weight]) => ({ term: candidate, weight }))
      .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_EXPANSIONS);
    if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
    this.#cache.set(term, expansions);
    return expansions;
  }

  /**
   * The tables built from the current vocabulary (building them now if needed), for saving with it; undefined
   * when fuzzy matching is off, which never reads them.
   */
  saved(): SavedExpansionTables | undefined {
    if (this.#fuzzy === null) return undefined;
    if (this.#vocabulary.version !== this.#version) this.#refresh();
    return { alphabet: this.#alphabet, terms: this.#filter.bits, deletions: this.#deletions.bits };
  }

  /**
   * Use tables saved with the vocabulary as it is now (a reloaded index) instead of building them on the first
   * unknown word; ignored (they are built on first use) when the bits are not filters'. A later vocabulary change
   * rebuilds them as usual.
   */
  restore(saved: SavedExpansionTables): void {
    const terms = TermHashFilter.fromBits(saved.terms);
    const deletions = TermHashFilter.fromBits(saved.deletions);
    if (terms === undefined || deletions === undefined) return;
    this.#version = this.#vocabulary.version;
    this.#sorted = undefined;
    this.#alphabet = [...saved.alphabet];
    this.#filter = terms;
    this.#deletions = deletions;
    this.#cache.clear();
  }

  #refresh(): void {
    this.#version = this.#vocabulary.version;
    const sorted = sortedTerms(this.#vocabulary);
    this.#sorted = sorted;
    // Inserted and substituted characters: the most common ones of the vocabulary. Rare characters
    // (accents, symbols of a few foreign terms) would multiply the variants to look up for little gain.
    const counts = new Map<string, number>();
    for (const term of sorted) for (const char of term) counts.set(char, (counts.get(char) ?? 0) + 1);
    this.#alphabet = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_ALPHABET)
      .map(([char]) => char);
    this.#filter = TermHashFilter.ofTerms(sorted);
    this.#deletions = TermHashFilter.ofDeletions(sorted);
    this.#cache.clear();
  }

  #withPrefix(prefix: string): string[] {
    this.#sorted ??= sortedTerms(this.#vocabulary);
    const sorted = this.#sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < sorted.length && sorted[index]!.startsWith(prefix); index++) {
      found.push(sorted[index]!);
    }
    // Keep the completions closest in length: "calen" prefers "calendar" to "calendarsynchronization".
    return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, MAX_EXPANSIONS);
  }

  #withinOneEdit(term: string): string[] {
    // The filters rule out nearly all of the ~100 variants per character without building or looking them up.
    const variants = editVariants(term, {
      alphabet: this.#alphabet,
      terms: this.#filter,
      deletions: this.#deletions,
    });
    return [...variants].filter((candidate) => this.#vocabulary.liveId(candidate) !== undefined);
  }
}

// --- internal ---

/** The live terms in order (a reloaded vocabulary lists them sorted already, which the sort then only checks). */
function sortedTerms(vocabulary: Vocabulary): string[] {
  return [...vocabulary.liveTerms()].sort();
}

const MAX_EXPANSIONS = 24;
const MAX_CACHED = 4096;
const MAX_ALPHABET = 48;

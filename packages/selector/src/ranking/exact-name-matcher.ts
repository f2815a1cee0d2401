import type { Tool } from '@toolsift/core';
import { identifierWords } from '../views/identifier-words.js';

/** A tool the prompt names outright, and the words that named it. */
export interface ExactNameHit {
  toolId: string;
  /** The matched words, as a phrase (`get current weather`). */
  matched: string;
  /** Which identity field matched. */
  field: 'id' | 'name' | 'title';
}

/** Finds tools whose id, name or title appears in a prompt as a whole phrase. */
export interface ExactNameMatcher {
  match(prompt: string): ExactNameHit[];
  /** The distinctive phrases and the tools they name: what a saved index keeps (see `restoreExactNameMatcher`). */
  table(): NamePhraseTable;
}

/**
 * A matcher's data, as saved with an index: parallel arrays, which JSON.parse reads about three times faster
 * than one object with a key per phrase (20k phrases at 10k tools: ~18 against ~55 ms, the first select's cost).
 */
export interface NamePhraseTable {
  /** The distinctive phrases, each once. */
  phrases: string[];
  /** `entries[i]`: the tools `phrases[i]` names, as `[toolId, field]` pairs. */
  entries: Array<Array<[string, ExactNameHit['field']]>>;
  /** The words phrases start with; `longest[i]`: the most words of a phrase starting with `firstWords[i]`, so
   * matching extends an n-gram only that far. */
  firstWords: string[];
  longest: number[];
}

/**
 * Build a matcher over the tools' ids, names and titles. A name counts when it is distinctive: two or more
 * words (`get_current_weather`, `Cat Facts`), or a single word that no other tool's name or description
 * uses (`timeport` yes, `search` no), so a tool called `search` is not forced first by "search for...".
 */
export function createExactNameMatcher(tools: readonly Tool[]): ExactNameMatcher {
  const forms = tools.map(identityPhrases);
  // Only single-word names need a document frequency: count just those words, not every catalog word.
  const singleWords = new Set<string>();
  for (const phrases of forms) {
    for (const { words, phrase } of phrases)
      if (words.length === 1 && phrase.length >= 4) singleWords.add(phrase);
  }
  const documentFrequency = countWordTools(tools, singleWords);
  const phrases = new Map<string, Array<[string, ExactNameHit['field']]>>();
  const longestFrom = new Map<string, number>();
  tools.forEach((tool, index) => {
    for (const { field, words, phrase } of forms[index] ?? []) {
      const isDistinctive =
        words.length >= 2 || ((documentFrequency.get(phrase) ?? 0) <= 1 && phrase.length >= 4);
      if (!isDistinctive) continue;
      const entries = phrases.get(phrase) ?? [];
      entries.push([tool.id, field]);
      phrases.set(phrase, entries);
      const first = words[0] ?? '';
      longestFrom.set(first, Math.max(longestFrom.get(first) ?? 0, words.length));
    }
  });
  return matcherOf(phrases, longestFrom);
}

/**
 * A matcher from a saved phrase table (restored with the index it was saved with, so the catalog is the same);
 * `undefined` when the value is not a phrase table.
 */
export function restoreExactNameMatcher(table: unknown): ExactNameMatcher | undefined {
  if (typeof table !== 'object' || table === null) return undefined;
  const { phrases, entries, firstWords, longest } = table as Partial<Record<keyof NamePhraseTable, unknown>>;
  if (
    !Array.isArray(phrases) ||
    !Array.isArray(entries) ||
    phrases.length !== entries.length ||
    !Array.isArray(firstWords) ||
    !Array.isArray(longest) ||
    firstWords.length !== longest.length
  )
    return undefined;
  // Entries are checked as they are hit: checking 20k of them up front would cost the first query what the
  // saved table saves it.
  const byPhrase = new Map<unknown, unknown>();
  for (let index = 0; index < phrases.length; index++) byPhrase.set(phrases[index], entries[index]);
  const byWord = new Map<unknown, unknown>();
  for (let index = 0; index < firstWords.length; index++) byWord.set(firstWords[index], longest[index]);
  return matcherOf(byPhrase as ReadonlyMap<string, unknown>, byWord as ReadonlyMap<string, unknown>);
}

// --- internal ---

const MAX_PHRASE_WORDS = 8;

function isField(value: unknown): value is ExactNameHit['field'] {
  return value === 'id' || value === 'name' || value === 'title';
}

/** A matcher over phrase -> entries and first word -> most words (values checked as they are read). */
function matcherOf(
  phrases: ReadonlyMap<string, unknown>,
  longestFrom: ReadonlyMap<string, unknown>,
): ExactNameMatcher {
  return {
    table: () => ({
      phrases: [...phrases.keys()],
      entries: [...phrases.values()] as NamePhraseTable['entries'],
      firstWords: [...longestFrom.keys()],
      longest: [...longestFrom.values()] as number[],
    }),
    match(prompt) {
      const words = identifierWords(prompt);
      const hits = new Map<string, ExactNameHit>();
      for (let start = 0; start < words.length; start++) {
        const first = words[start] ?? '';
        const most = Number(longestFrom.get(first) ?? 0);
        let phrase = '';
        for (
          let length = 1;
          length <= Math.min(most, MAX_PHRASE_WORDS) && start + length <= words.length;
          length++
        ) {
          phrase = length === 1 ? first : `${phrase} ${words[start + length - 1]}`;
          const entries = phrases.get(phrase);
          if (!Array.isArray(entries)) continue;
          for (const entry of entries) {
            if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isField(entry[1])) continue;
            const [toolId, field] = entry;
            const previous = hits.get(toolId);
            // Keep the longest phrase that named the tool.
            if (previous === undefined || previous.matched.length < phrase.length)
              hits.set(toolId, { toolId, matched: phrase, field });
          }
        }
      }
      return [...hits.values()].sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));
    },
  };
}

/** The distinct word sequences of a tool's id, name and title, first field first. */
function identityPhrases(
  tool: Tool,
): Array<{ field: ExactNameHit['field']; words: string[]; phrase: string }> {
  const result: Array<{ field: ExactNameHit['field']; words: string[]; phrase: string }> = [];
  const fields: Array<[ExactNameHit['field'], string | undefined]> = [
    ['id', tool.id],
    ['name', tool.name],
    ['title', tool.title],
  ];
  for (const [field, form] of fields) {
    if (form === undefined) continue;
    const words = identifierWords(form);
    const phrase = words.join(' ');
    if (words.length === 0 || result.some((entry) => entry.phrase === phrase)) continue;
    result.push({ field, words, phrase });
  }
  return result;
}

/** For each of `words`, the number of tools whose name, title or description uses it. */
function countWordTools(tools: readonly Tool[], words: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const tool of tools) {
    seen.clear();
    for (const text of [tool.name, tool.title ?? '', tool.description]) {
      for (const word of identifierWords(text)) {
        if (!words.has(word) || seen.has(word)) continue;
        seen.add(word);
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  return counts;
}

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
  const phrases = new Map<string, Array<{ toolId: string; field: ExactNameHit['field'] }>>();
  // Every word-level prefix of a phrase, so matching stops extending an n-gram as soon as no name starts so.
  const prefixes = new Set<string>();
  tools.forEach((tool, index) => {
    for (const { field, words, phrase } of forms[index] ?? []) {
      const isDistinctive =
        words.length >= 2 || ((documentFrequency.get(phrase) ?? 0) <= 1 && phrase.length >= 4);
      if (!isDistinctive) continue;
      const entries = phrases.get(phrase) ?? [];
      entries.push({ toolId: tool.id, field });
      phrases.set(phrase, entries);
      let prefix = '';
      for (let length = 1; length <= Math.min(words.length, MAX_PHRASE_WORDS); length++) {
        prefix = length === 1 ? (words[0] ?? '') : `${prefix} ${words[length - 1]}`;
        prefixes.add(prefix);
      }
    }
  });

  return {
    match(prompt) {
      const words = identifierWords(prompt);
      const hits = new Map<string, ExactNameHit>();
      for (let start = 0; start < words.length; start++) {
        let phrase = '';
        for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
          phrase = length === 1 ? (words[start] ?? '') : `${phrase} ${words[start + length - 1]}`;
          if (!prefixes.has(phrase)) break;
          for (const entry of phrases.get(phrase) ?? []) {
            const previous = hits.get(entry.toolId);
            // Keep the longest phrase that named the tool.
            if (previous === undefined || previous.matched.length < phrase.length) {
              hits.set(entry.toolId, { toolId: entry.toolId, matched: phrase, field: entry.field });
            }
          }
        }
      }
      return [...hits.values()].sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));
    },
  };
}

// --- internal ---

const MAX_PHRASE_WORDS = 8;

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

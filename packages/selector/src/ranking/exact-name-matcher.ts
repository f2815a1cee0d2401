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
  const documentFrequency = countWordTools(tools);
  const phrases = new Map<string, Array<{ toolId: string; field: ExactNameHit['field'] }>>();
  // Every word-level prefix of a phrase, so matching stops extending an n-gram as soon as no name starts so.
  const prefixes = new Set<string>();
  for (const tool of tools) {
    const forms: Array<[ExactNameHit['field'], string | undefined]> = [
      ['id', tool.id],
      ['name', tool.name],
      ['title', tool.title],
    ];
    const seen = new Set<string>();
    for (const [field, form] of forms) {
      if (form === undefined) continue;
      const words = identifierWords(form);
      const phrase = words.join(' ');
      if (words.length === 0 || seen.has(phrase)) continue;
      seen.add(phrase);
      const isDistinctive =
        words.length >= 2 || ((documentFrequency.get(phrase) ?? 0) <= 1 && phrase.length >= 4);
      if (!isDistinctive) continue;
      const entries = phrases.get(phrase) ?? [];
      entries.push({ toolId: tool.id, field });
      phrases.set(phrase, entries);
      for (let length = 1; length <= Math.min(words.length, MAX_PHRASE_WORDS); length++) {
        prefixes.add(words.slice(0, length).join(' '));
      }
    }
  }

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

/** For each word, the number of tools whose name, title or description uses it. */
function countWordTools(tools: readonly Tool[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    const words = new Set([
      ...identifierWords(tool.name),
      ...identifierWords(tool.title ?? ''),
      ...identifierWords(tool.description),
    ]);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

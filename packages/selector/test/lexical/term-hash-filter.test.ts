import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editVariants, TermHashFilter } from '../../src/lexical/term-hash-filter.js';

/** Every string one edit away from `term` over `alphabet`, built directly. */
function allVariants(term: string, alphabet: readonly string[]): Set<string> {
  const chars = [...term];
  const variants = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    if (i < chars.length) variants.add(head + chars.slice(i + 1).join(''));
    if (i + 1 < chars.length) variants.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
    for (const letter of alphabet) {
      variants.add(head + letter + chars.slice(i).join(''));
      if (i < chars.length && letter !== chars[i]) variants.add(head + letter + chars.slice(i + 1).join(''));
    }
  }
  return variants;
}

function filtersOf(vocabulary: readonly string[], alphabet: readonly string[]) {
  return {
    alphabet,
    terms: TermHashFilter.ofTerms(vocabulary),
    deletions: TermHashFilter.ofDeletions(vocabulary),
  };
}

describe('editVariants', () => {
  // Small alphabets (with characters outside the BMP) make edit-distance neighbours common.
  const char = fc.constantFrom('a', 'b', 'c', 'é', '𝒳');
  const word = fc.array(char, { minLength: 0, maxLength: 7 }).map((chars) => chars.join(''));

  it('keeps every variant the vocabulary holds, and drops most of those it does not', () => {
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { maxLength: 60 }), (term, vocabulary) => {
        const alphabet = ['a', 'b', '𝒳'];
        const variants = editVariants(term, filtersOf(vocabulary, alphabet));
        const all = allVariants(term, alphabet);
        for (const variant of variants) expect(all.has(variant)).toBe(true);
        for (const known of vocabulary) if (all.has(known)) expect(variants.has(known)).toBe(true);
      }),
    );
  });

  it('builds few strings the vocabulary does not hold', () => {
    const vocabulary = Array.from({ length: 5000 }, (_, i) => `term${i.toString(36)}`);
    const alphabet = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
    const variants = editVariants('termzzz', filtersOf(vocabulary, alphabet));
    expect(allVariants('termzzz', alphabet).size).toBeGreaterThan(500);
    expect(variants.size).toBeLessThan(40);
  });

  it('tries letters only at positions where some term can be an insertion or substitution', () => {
    const vocabulary = Array.from({ length: 5000 }, (_, i) => `term${i.toString(36)}`);
    const alphabet = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
    const filters = filtersOf(vocabulary, alphabet);
    // Nothing in the vocabulary is near this word: the term filter alone would let ~3% of its variants through.
    expect(allVariants('qwxyzzv', alphabet).size).toBeGreaterThan(500);
    expect(editVariants('qwxyzzv', filters).size).toBeLessThan(3);
  });
});

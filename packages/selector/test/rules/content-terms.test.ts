import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH_STOP_WORDS } from '../../src/lexical/stop-words.js';
import { tokenize } from '../../src/lexical/tokenize.js';
import { contentTerms } from '../../src/rules/content-terms.js';

const OPTIONS = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: true };

describe('contentTerms', () => {
  it('is the set of stemmed tokens, stop words dropped', () => {
    expect([...contentTerms('What is the weather in Paris tomorrow?')]).toEqual([
      'weather',
      'paris',
      'tomorrow',
    ]);
  });

  it('equals tokenizing afresh, whether or not the text was seen before', () => {
    const text = fc.array(fc.constantFrom('Send', 'emails', 'the', 'getUserIDs', 'été', 'to', 'files'), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        for (const words of [...texts, ...texts]) {
          const joined = words.join(' ');
          const fresh = new Set(tokenize(joined, OPTIONS).map((token) => token.term));
          expect(contentTerms(joined)).toEqual(fresh);
        }
      }),
    );
  });
});

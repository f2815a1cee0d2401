import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierWords, unicodeIdentifierWords } from '../../src/views/identifier-words.js';

describe('identifierWords', () => {
  it.each([
    ['send_email_smtp', ['send', 'email', 'smtp']],
    ['getHTTPResponse', ['get', 'http', 'response']],
    ['ResearchHelper', ['research', 'helper']],
    ['tmdb:GET /search/person', ['tmdb', 'get', 'search', 'person']],
    ['Nager.Date', ['nager', 'date']],
    ['v2Api', ['v', '2', 'api']],
    ['', []],
  ])('%s', (input, words) => {
    expect(identifierWords(input)).toEqual(words);
  });
});

describe('identifierWords on ASCII text', () => {
  it('splits exactly as the regular expressions do', () => {
    const character = fc.constantFrom(...'aAbBzZ09_ -./:(x)Y1'.split(''));
    fc.assert(
      fc.property(fc.array(character, { maxLength: 24 }), (characters) => {
        const text = characters.join('');
        expect(identifierWords(text)).toEqual(unicodeIdentifierWords(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves non-ASCII text to the Unicode rules', () => {
    expect(identifierWords('ÉtatCivil naïveTest')).toEqual(['état', 'civil', 'naïve', 'test']);
  });
});

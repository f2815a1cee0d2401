import { describe, expect, it } from 'vitest';
import { identifierWords } from '../../src/views/identifier-words.js';

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

import { describe, expect, test } from 'vitest';
import { ENGLISH_STOP_WORDS } from '../../src/lexical/stop-words.js';
import { tokenize } from '../../src/lexical/tokenize.js';

const english = { stopWords: new Set(ENGLISH_STOP_WORDS), isStemming: false };
const terms = (text: string, options = english) => tokenize(text, options).map((token) => token.term);

describe('tokenize', () => {
  test.each([
    ['camelCase', 'getWeatherForecast', ['get', 'weather', 'forecast', 'getweatherforecast']],
    ['PascalCase with an acronym', 'HTMLParser', ['html', 'parser', 'htmlparser']],
    ['plural acronym stays whole', 'listUserIDs', ['list', 'user', 'ids', 'listuserids']],
    ['snake_case', 'send_email_message', ['send', 'email', 'message', 'sendemailmessage']],
    ['kebab-case', 'pull-request', ['pull', 'request', 'pullrequest']],
    ['dotted name', 'gh.pr.create', ['gh', 'pr', 'create', 'ghprcreate']],
    ['letter/digit boundaries', 'mp3 to utf8', ['mp', 'mp3', 'utf', 'utf8']],
    ['digits then letters', '3D model', ['3d', 'model']],
    ['plain words, one per token', 'Weather Forecast', ['weather', 'forecast']],
    ['stop words dropped', 'What is the weather in Paris?', ['weather', 'paris']],
    ['apostrophes removed before stop words', "I'm sure it's Bob's", ['sure', 'bobs']],
    ['one-letter pieces dropped, compound kept', 'getX', ['get', 'getx']],
    ['NFKC folds ligatures and full-width forms', 'ﬁle ＡＰＩ', ['file', 'api']],
    ['non-Latin letters kept', 'Ünïcode Привет', ['ünïcode', 'привет']],
    [
      'URL path pieces',
      'GET /movie/{movie_id}/credits',
      ['get', 'movie', 'movie', 'id', 'movieid', 'credits'],
    ],
    ['only punctuation and stop words', 'the ... a, of!', []],
    ['empty text', '', []],
  ])('%s: %j', (_, text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  test('terms longer than 64 characters are ignored', () => {
    expect(terms(`${'x'.repeat(65)} short`)).toEqual(['short']);
  });

  test('stemming changes the term but keeps the word', () => {
    expect(tokenize('Searching files', { ...english, isStemming: true })).toEqual([
      { term: 'search', word: 'searching' },
      { term: 'file', word: 'files' },
    ]);
  });

  test('an empty stop list keeps every word', () => {
    expect(terms('what is it', { stopWords: new Set(), isStemming: false })).toEqual(['what', 'is', 'it']);
  });
});

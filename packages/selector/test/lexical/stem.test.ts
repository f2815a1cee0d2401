import { describe, expect, test } from 'vitest';
import { stem } from '../../src/lexical/stem.js';

describe('stem', () => {
  test.each([
    ['files', 'file'],
    ['classes', 'class'],
    ['queries', 'queri'],
    ['query', 'queri'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['running', 'run'],
    ['searched', 'search'],
    ['hoping', 'hope'],
    ['calling', 'call'],
    ['controlling', 'control'],
    ['agreed', 'agre'],
    ['string', 'string'],
    ['weather', 'weather'],
    ['api', 'api'],
    ['mp3s', 'mp3s'],
  ])('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  test.each([
    [['use', 'uses', 'used', 'using']],
    [['create', 'creates', 'created', 'creating']],
    [['file', 'files', 'filed', 'filing']],
    [['event', 'events']],
  ])('one stem for %j', (words) => {
    expect(new Set(words.map(stem)).size).toBe(1);
  });
});

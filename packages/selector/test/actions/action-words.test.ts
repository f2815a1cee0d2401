import { describe, expect, it } from 'vitest';
import { actionsOfPromptWord, actionsOfWord } from '../../src/actions/action-words.js';

describe('actionsOfWord', () => {
  it.each([
    // Forms the stemmer folds into a verb of the lexicon (doubled consonants, -ied, -ies, -lled).
    { word: 'stopped', expected: ['update'] },
    { word: 'cancelled', expected: ['delete'] },
    { word: 'canceled', expected: ['delete'] },
    { word: 'modified', expected: ['update'] },
    { word: 'applied', expected: ['create'] },
    { word: 'queries', expected: ['read'] },
    { word: 'starred', expected: ['write'] },
    { word: 'skipped', expected: ['write'] },
    { word: 'running', expected: ['write'] },
    { word: 'setting', expected: ['create', 'update'] },
    // A misspelling the stemmer folds all the same.
    { word: 'stoped', expected: ['update'] },
    // Irregular forms, from the explicit table.
    { word: 'sent', expected: ['write'] },
    { word: 'paid', expected: ['write'] },
    { word: 'made', expected: ['create'] },
    { word: 'built', expected: ['create'] },
    { word: 'ran', expected: ['write'] },
    { word: 'bought', expected: ['create'] },
    { word: 'sold', expected: ['write'] },
    { word: 'wrote', expected: ['create', 'update'] },
    { word: 'set', expected: ['create', 'update'] },
    { word: 'put', expected: ['create', 'update'] },
    // Regular forms, as before.
    { word: 'added', expected: ['create'] },
    { word: 'deleting', expected: ['delete'] },
    { word: 'lists', expected: ['read'] },
    // A verb of its own, not a form of `star`.
    { word: 'starting', expected: ['create'] },
  ])('$word -> $expected', ({ word, expected }) => {
    expect(actionsOfWord(word)).toEqual(expected);
  });

  it.each([
    // Plural gerunds are nouns.
    'settings',
    'listings',
    'findings',
    // Same first letters or a shared Porter stem, another word: `added` stems to `ad`, `ads` is no verb.
    'ads',
    'listen',
    'design',
    'country',
    'status',
    'address',
    // Agent nouns keep their -er.
    'player',
    'follower',
    'computer',
    // Words that are not verbs of the lexicon at all.
    'open',
    'weather',
    '',
  ])('%s asks for no action of its own', (word) => {
    expect(actionsOfWord(word)).toEqual([]);
  });
});

describe('actionsOfPromptWord', () => {
  it('reads words that are verbs in prompts more than in tool names as create', () => {
    expect(actionsOfPromptWord('book')).toEqual(['create']);
    expect(actionsOfWord('book')).toEqual([]);
  });
});

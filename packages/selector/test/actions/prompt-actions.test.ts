import { describe, expect, it } from 'vitest';
import { promptActions } from '../../src/actions/prompt-actions.js';

describe('promptActions', () => {
  it.each([
    { prompt: 'list the files in a github repo', expected: { read: 'list' } },
    {
      prompt: 'Delete the old branches, then create a new one',
      expected: { delete: 'delete', create: 'create' },
    },
    { prompt: 'What is my account balance?', expected: { read: 'what' } },
    { prompt: 'Set an alarm for 7am', expected: { create: 'set', update: 'set' } },
    {
      prompt: 'I deleted a file by mistake; which commit removed it?',
      expected: { delete: 'deleted', read: 'which' },
    },
    {
      prompt: 'Rescheduling my appointment, found a better slot',
      expected: { update: 'rescheduling', read: 'found' },
    },
    { prompt: 'Please summarise this text', expected: {} },
    // Verbs of a change whose kind is unsaid, and words that are verbs in prompts more than in tool names.
    { prompt: 'Send the report to Bob', expected: { write: 'send' } },
    { prompt: 'Book a flight to Oslo', expected: { create: 'book' } },
    { prompt: 'Stop the dev space', expected: { update: 'stop' } },
    // `open` is as often an adjective: it asks nothing.
    { prompt: 'show me open pull requests', expected: { read: 'show' } },
    // Inflections the stemmer folds, and irregular ones.
    { prompt: 'The job stopped; restart it', expected: { update: 'stopped' } },
    {
      prompt: 'I paid twice and the first payment was cancelled',
      expected: { write: 'paid', delete: 'cancelled' },
    },
    { prompt: 'Which repositories have I starred?', expected: { read: 'which', write: 'starred' } },
    // Everyday words for keeping and dropping things.
    { prompt: 'remember that Alice prefers email', expected: { create: 'remember' } },
    { prompt: 'forget everything about Bob', expected: { delete: 'forget' } },
    { prompt: 'store it somewhere safe', expected: { create: 'store', update: 'store' } },
    // A verb used as a noun asks nothing beside a word that asks something...
    { prompt: 'store my shopping list in a file', expected: { create: 'store', update: 'store' } },
    { prompt: 'show me the latest update', expected: { read: 'show' } },
    // ...and says what the prompt is about when nothing else does.
    { prompt: 'a list of my repositories please', expected: { read: 'list' } },
  ])('"$prompt" asks for $expected', ({ prompt, expected }) => {
    expect(Object.fromEntries(promptActions(prompt))).toEqual(expected);
  });

  it('keeps the first word that asked for each action', () => {
    expect(promptActions('show me and then list everything').get('read')).toBe('show');
  });

  it('leaves out the words it is told to: the states a prompt names', () => {
    expect(
      Object.fromEntries(promptActions('list the closed issues', { except: new Set(['closed']) })),
    ).toEqual({
      read: 'list',
    });
    expect(promptActions('close issue 12', { except: new Set(['close']) }).size).toBe(0);
  });
});

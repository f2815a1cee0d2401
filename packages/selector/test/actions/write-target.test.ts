import { describe, expect, it } from 'vitest';
import { promptWriteTarget } from '../../src/actions/write-target.js';

describe('promptWriteTarget', () => {
  it.each([
    { prompt: 'save this text to todo.md', expected: { kind: 'file', words: 'todo.md' } },
    { prompt: 'put this in notes.txt', expected: { kind: 'file', words: 'notes.txt' } },
    {
      prompt: 'add a line to the end of ~/logs/app.log',
      expected: { kind: 'file', words: '~/logs/app.log' },
    },
    { prompt: 'store my shopping list in a file', expected: { kind: 'file', words: 'file' } },
    // A thing made new is created, whatever its name looks like.
    { prompt: 'make a new folder called drafts', expected: { kind: 'new', words: 'a new folder' } },
    { prompt: 'create a file called hello.py', expected: { kind: 'new', words: 'called hello.py' } },
    { prompt: 'start a repository named notes-app', expected: { kind: 'new', words: 'named notes-app' } },
  ])('"$prompt": $expected', ({ prompt, expected }) => {
    expect(promptWriteTarget(prompt)).toEqual(expected);
  });

  it.each([
    'it costs 2.5 dollars. Then save it.',
    'create an event for tomorrow at 3pm',
    'send the report to Alice',
    'what is the weather in Oslo?',
  ])('names no target: "%s"', (prompt) => {
    expect(promptWriteTarget(prompt)).toBeUndefined();
  });
});

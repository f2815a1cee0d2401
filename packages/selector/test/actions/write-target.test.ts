import { describe, expect, it } from 'vitest';
import { promptWriteTarget } from '../../src/actions/write-target.js';

describe('promptWriteTarget', () => {
  it.each([
    { prompt: 'save this text to todo.md', expected: { words: 'todo.md', isNew: false } },
    { prompt: 'put this in notes.txt', expected: { words: 'notes.txt', isNew: false } },
    {
      prompt: 'add a line to the end of ~/logs/app.log',
      expected: { words: '~/logs/app.log', isNew: false },
    },
    { prompt: 'store my shopping list in a file', expected: { words: 'file', isNew: false } },
    { prompt: 'write the summary into a new file', expected: { words: 'file', isNew: true } },
    // A file the prompt makes is created, not updated.
    { prompt: 'create a file called hello.py', expected: { words: 'hello.py', isNew: true } },
    { prompt: 'create hello.py with a greeting', expected: { words: 'hello.py', isNew: true } },
    // An e-mail address or a web domain first, then the file.
    {
      prompt: 'mail it to ada@example.com, then save it to sent.log',
      expected: { words: 'sent.log', isNew: false },
    },
  ])('"$prompt": $expected', ({ prompt, expected }) => {
    expect(promptWriteTarget(prompt)).toEqual(expected);
  });

  it.each([
    'it costs 2.5 dollars. Then save it.',
    'book a session at 2:47 p.m. tomorrow',
    'my email is ada@example.com',
    'publish it on example.org',
    // Things made new are no target: making one often needs a read first.
    'make a new folder called drafts',
    'create an event for tomorrow at 3pm',
    'what is the weather in Oslo?',
  ])('names no file: "%s"', (prompt) => {
    expect(promptWriteTarget(prompt)).toBeUndefined();
  });
});

import { ToolSchema } from '@toolsift/core';
import { createSelector, DEFAULT_MAX_LEARNED_PER_TOOL, type Selector } from '@toolsift/selector';
import { beforeEach, describe, expect, test } from 'vitest';
import { createClientLearning } from '../../src/gateway/client-learning.js';

// One client's learning over a real selector (hash embedder, in memory): what a call learns, and what it says when
// it does not.
let selector: Selector;
const logs: string[] = [];
beforeEach(async () => {
  logs.length = 0;
  selector = await createSelector({
    catalog: [
      tool('files__read', 'Read a text file from the project folder.'),
      tool('notes__save', 'Save a note for later.'),
    ],
    embedder: 'hash',
    indexDir: false,
  });
});

function tool(id: string, description: string) {
  return ToolSchema.parse({
    id,
    name: id,
    description,
    parameters: { type: 'object', properties: {} },
    source: { format: 'mcp', file: 'test', pointer: '' },
  });
}

function learning() {
  return createClientLearning({ selector: async () => selector, log: (line) => logs.push(line) });
}

describe('createClientLearning', () => {
  test('a call learns the query of the latest search that returned the tool, as a call-learned prompt', async () => {
    const client = learning();
    client.searched('open my todo list', ['files__read', 'notes__save']);
    client.searched('jot this down', ['notes__save']);
    expect(await client.called('files__read')).toEqual([]);
    expect(await client.called('notes__save')).toEqual([]);
    expect(selector.learned()).toEqual([
      { prompt: 'open my todo list', tool: 'files__read', source: 'call' },
      { prompt: 'jot this down', tool: 'notes__save', source: 'call' },
    ]);
  });

  test('a call of a tool no search of this client returned learns nothing', async () => {
    const client = learning();
    client.searched('jot this down', ['notes__save']);
    expect(await client.called('files__read')).toEqual([]);
    expect(await learning().called('notes__save')).toEqual([]);
    expect(selector.learned()).toEqual([]);
  });

  test(`each tool keeps at most ${DEFAULT_MAX_LEARNED_PER_TOOL} call-learned queries, the latest`, async () => {
    const client = learning();
    for (let query = 0; query <= DEFAULT_MAX_LEARNED_PER_TOOL; query++) {
      client.searched(`save note number ${query}`, ['notes__save']);
      await client.called('notes__save');
    }
    const learned = selector.learned().map((entry) => entry.prompt);
    expect(learned).toHaveLength(DEFAULT_MAX_LEARNED_PER_TOOL);
    expect(learned[0]).toBe('save note number 1');
  });

  test('a query that holds a secret is not learned, and the warning says so', async () => {
    const client = learning();
    client.searched('save my token ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5abcdef', ['notes__save']);
    expect(await client.called('notes__save')).toEqual([
      {
        code: 'PROMPT_HAS_SECRET',
        message:
          'The query of the search that found this tool looks like it holds a secret (a key, a token, a password): it was not learned.',
      },
    ]);
    expect(selector.learned()).toEqual([]);
  });

  test('a learn that fails is a warning (and a log line), never a rejection', async () => {
    const client = learning();
    client.searched('jot this down', ['notes__save']);
    await selector.removeTools(['notes__save']);
    const warnings = await client.called('notes__save');
    expect(warnings).toEqual([
      { code: 'CALL_NOT_LEARNED', message: expect.stringMatching(/UNKNOWN_TOOL\]$/) },
    ]);
    expect(logs).toEqual([warnings[0]!.message]);
    // The next call, for the same query, is learned as usual.
    client.searched('jot this down', ['files__read']);
    expect(await client.called('files__read')).toEqual([]);
    expect(selector.learned()).toEqual([{ prompt: 'jot this down', tool: 'files__read', source: 'call' }]);
  });
});

import type { Tool } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { hashTool } from '../../src/index-store/content-hash.js';
import { makeTool } from '../fixtures/make-tool.js';

function tool(): Tool {
  return makeTool({
    id: 'get_weather',
    title: 'Current weather',
    description: 'Current weather for a city.',
    keywords: ['weather', 'forecast'],
    category: 'travel',
    useCases: [{ title: 'Check the weather', notFor: 'Stock prices' }],
    examples: [{ name: 'oslo', prompt: 'Is it raining in Oslo?' }],
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
    },
    extensions: { gorilla: { domain: 'Weather', nested: { list: [1, 'two', true, null] } } },
  });
}

describe('hashTool', () => {
  it('is 16 hex digits, the same for equal content in other objects', () => {
    expect(hashTool(tool())).toMatch(/^[0-9a-f]{16}$/);
    expect(hashTool(tool())).toBe(hashTool(structuredClone(tool())));
  });

  // Every change of what views and the lexical document are built from must change the hash (the index
  // re-embeds only tools whose hash changed).
  it.each<[string, (tool: Tool) => Tool]>([
    ['the id', (t) => ({ ...t, id: 'get_weather2' })],
    ['the name', (t) => ({ ...t, name: 'weather' })],
    ['the title', (t) => ({ ...t, title: undefined })],
    ['the description, by one character', (t) => ({ ...t, description: 'Current weather for a citz.' })],
    ['a keyword', (t) => ({ ...t, keywords: ['weather', 'forecasts'] })],
    ['how keywords split', (t) => ({ ...t, keywords: ['weatherforecast'] })],
    ['the capabilities', (t) => ({ ...t, capabilities: ['read'] })],
    ['the tags', (t) => ({ ...t, tags: ['x'] })],
    ['the category', (t) => ({ ...t, category: 'Travel' })],
    ['a use case', (t) => ({ ...t, useCases: [{ ...t.useCases[0]!, notFor: 'Stock quotes' }] })],
    ['an example prompt', (t) => ({ ...t, examples: [{ ...t.examples[0]!, prompt: 'Rain in Oslo?' }] })],
    ['an example name', (t) => ({ ...t, examples: [{ ...t.examples[0]!, name: 'bergen' }] })],
    [
      'a parameter description',
      (t) => ({
        ...t,
        parameters: { type: 'object', properties: { city: { description: 'Town' }, days: {} } },
      }),
    ],
    [
      'a parameter name',
      (t) => ({ ...t, parameters: { type: 'object', properties: { town: {}, days: {} } } }),
    ],
    [
      'a value deep in the extensions',
      (t) => ({
        ...t,
        extensions: { gorilla: { domain: 'Weather', nested: { list: [1, 'two', false, null] } } },
      }),
    ],
    [
      'a number against its text in the extensions',
      (t) => ({
        ...t,
        extensions: { gorilla: { domain: 'Weather', nested: { list: ['1', 'two', true, null] } } },
      }),
    ],
    ['an extension key', (t) => ({ ...t, extensions: { gorilla: { domains: 'Weather' } } })],
    ['the extensions dropped', (t) => ({ ...t, extensions: {} })],
  ])('changes with %s', (_label, change) => {
    expect(hashTool(change(tool()))).not.toBe(hashTool(tool()));
  });

  it('ignores what selections read from the tool itself (relations, prerequisites, source)', () => {
    const related: Tool = {
      ...tool(),
      conflicts: [{ tool: 'other', severity: 'low' }],
      source: { format: 'openai', file: 'elsewhere.jsonl', pointer: '/3' },
    };
    expect(hashTool(related)).toBe(hashTool(tool()));
  });

  it('gives distinct hashes across many similar tools', () => {
    const hashes = new Set(
      Array.from({ length: 5000 }, (_, index) => hashTool({ ...tool(), description: `Tool ${index}` })),
    );
    expect(hashes.size).toBe(5000);
  });
});

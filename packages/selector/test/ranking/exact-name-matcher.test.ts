import { describe, expect, it } from 'vitest';
import { createExactNameMatcher } from '../../src/ranking/exact-name-matcher.js';
import { makeTool } from '../fixtures/make-tool.js';

const tools = [
  makeTool({ id: 'get_current_weather', description: 'Current weather for a city.' }),
  makeTool({ id: 'search', description: 'Search the web for pages.' }),
  makeTool({ id: 'news', description: 'Search recent news articles.' }),
  makeTool({ id: 'timeport', title: 'Timeport', description: 'A time-travel history game.' }),
  makeTool({ id: 'cat-facts', name: 'Cat Facts', description: 'Daily facts about cats.' }),
];
const matcher = createExactNameMatcher(tools);

describe('createExactNameMatcher', () => {
  it.each([
    ['get_current_weather for Oslo', ['get_current_weather']],
    ['please get current weather in Rome', ['get_current_weather']],
    ['start a Timeport adventure', ['timeport']],
    ['ask cat facts for a fact', ['cat-facts']],
    ['search for cheap flights', []],
    ['what is the weather', []],
  ])('%s', (prompt, ids) => {
    expect(matcher.match(prompt).map((hit) => hit.toolId)).toEqual(ids);
  });

  it('says which words and which field matched', () => {
    expect(matcher.match('use Cat Facts')).toEqual([
      { toolId: 'cat-facts', matched: 'cat facts', field: 'id' },
    ]);
  });
});

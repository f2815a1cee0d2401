import { describe, expect, it } from 'vitest';
import { buildLearnedView } from '../../src/views/build-learned-view.js';
import { buildToolViews } from '../../src/views/build-tool-views.js';
import { parseViewKey, viewKey } from '../../src/views/tool-view.js';
import { makeTool, sampleTools } from '../fixtures/make-tool.js';

describe('buildToolViews', () => {
  it('makes one view per kind of text, with stable keys', () => {
    const [weather] = sampleTools();
    const views = buildToolViews(weather!);
    expect(views.map((view) => view.key)).toEqual([
      'get_weather#description:0',
      'get_weather#use-case:0',
      'get_weather#example:0',
      'get_weather#keywords:0',
      'get_weather#parameters:0',
    ]);
    expect(views[0]?.text).toBe(
      'get weather (Current weather). Current weather conditions (temperature, wind, rain) for a city.',
    );
    expect(views[4]?.text).toBe('city: City name');
  });

  it('words the description as a request when asked, name last, acronyms kept', () => {
    const [weather] = sampleTools();
    const views = buildToolViews(weather!, 'request');
    expect(views[0]?.text).toBe(
      'Can you help me current weather conditions (temperature, wind, rain) for a city? get weather (Current weather).',
    );
    expect(views.slice(1)).toEqual(buildToolViews(weather!).slice(1));
    const api = makeTool({ id: 'convert', description: 'URL   shortener for links.\n' });
    expect(buildToolViews(api, 'request')[0]?.text).toBe('Can you help me URL shortener for links? convert.');
    expect(buildToolViews(makeTool({ id: 'bare_tool', description: ' ' }), 'request')[0]?.text).toBe(
      'Can you help me with bare tool?',
    );
  });

  it('never indexes the "not for" text of a use case as positive text', () => {
    const texts = buildToolViews(sampleTools()[0]!).map((view) => view.text);
    expect(texts.join(' ')).not.toContain('Stock prices');
  });

  it('skips empty views', () => {
    const views = buildToolViews(makeTool({ id: 'bare', description: 'Does one thing.' }));
    expect(views.map((view) => view.kind)).toEqual(['description']);
  });

  it('is deterministic', () => {
    const tool = sampleTools()[0]!;
    expect(buildToolViews(tool)).toEqual(buildToolViews(tool));
  });
});

describe('view keys', () => {
  it.each([
    ['plain', 'weather', 'description', '0'],
    ['with a hash in the id', 'huggingface:model#2', 'use-case', '3'],
    ['with colons', 'tmdb:GET /movie/{id}', 'parameters', '0'],
  ] as const)('round-trip an id %s', (_label, toolId, kind, n) => {
    expect(parseViewKey(viewKey(toolId, kind, n))).toEqual({ toolId, kind, n });
  });

  it.each(['no-hash', '#description:0', 'tool#unknown:0', 'tool#description'])('rejects %s', (key) => {
    expect(parseViewKey(key)).toBeUndefined();
  });

  it('keys a learned view by a hash of its prompt, whatever the case and spacing', () => {
    const view = buildLearnedView('get_weather', '  Will it  rain tomorrow? ');
    expect(view).toMatchObject({ toolId: 'get_weather', kind: 'learned', text: 'Will it rain tomorrow?' });
    expect(view.key).toMatch(/^get_weather#learned:[0-9a-f]{10}$/);
    expect(buildLearnedView('get_weather', 'will it rain tomorrow?').key).toBe(view.key);
  });
});

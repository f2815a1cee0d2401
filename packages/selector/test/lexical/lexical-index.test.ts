import { describe, expect, test } from 'vitest';
import { createLexicalIndex, loadLexicalIndex } from '../../src/lexical/create-lexical-index.js';
import type { LexicalDocument, LexicalIndex } from '../../src/lexical/lexical-index.js';

const TOOLS: LexicalDocument[] = [
  { key: 'weather', fields: { name: 'get_weather', description: 'Current weather and forecast for a city' } },
  {
    key: 'calendar',
    fields: { name: 'create_calendar_event', description: 'Create an event in the calendar' },
  },
  { key: 'email', fields: { name: 'send_email', description: 'Send an email message to a contact' } },
  { key: 'spam', fields: { name: 'check_spam', description: 'Decide whether an email message is spam' } },
  { key: 'label', fields: { name: 'print_label', description: 'Print a shipping label' } },
  { key: 'lapel', fields: { name: 'lapel_shop', description: 'Order a lapel pin' } },
  { key: 'form', fields: { name: 'form_builder', description: 'Build a web form' } },
  { key: 'format', fields: { name: 'format_converter', description: 'Convert a document format' } },
];

function indexOf(documents: readonly LexicalDocument[], options = {}): LexicalIndex {
  const index = createLexicalIndex(options);
  index.upsert(documents);
  return index;
}

const keys = (index: LexicalIndex, query: string, k = 10) => index.search(query, k).map((hit) => hit.key);

describe('createLexicalIndex: ranking', () => {
  test('an exact name hit ranks first', () => {
    expect(keys(indexOf(TOOLS), 'send_email')[0]).toBe('email');
    expect(keys(indexOf(TOOLS), 'please send an email to Bob')[0]).toBe('email');
  });

  test('a rare term outweighs a common one (IDF)', () => {
    const index = indexOf([
      { key: 'a', fields: { description: 'data export' } },
      { key: 'b', fields: { description: 'data import' } },
      { key: 'c', fields: { description: 'data invoice' } },
      { key: 'd', fields: { description: 'data report' } },
    ]);
    const hits = index.search('data invoice', 10);
    expect(hits[0]?.key).toBe('c');
    expect(hits[0]?.matchedTerms).toEqual(['data', 'invoice']);
    expect(hits.slice(1).map((hit) => hit.key)).toEqual(['a', 'b', 'd']);
    expect(hits[0]!.score).toBeGreaterThan(2 * hits[1]!.score);
  });

  test('field weights: name beats description by default and can be turned around', () => {
    const documents = [
      { key: 'in-description', fields: { name: 'alpha', description: 'invoice' } },
      { key: 'in-name', fields: { name: 'invoice', description: 'alpha' } },
    ];
    expect(keys(indexOf(documents), 'invoice')).toEqual(['in-name', 'in-description']);
    const reversed = indexOf(documents, { fieldWeights: { name: 1, description: 4 } });
    expect(keys(reversed, 'invoice')).toEqual(['in-description', 'in-name']);
  });

  test('fields not named in the weights weigh 1, a weight of 0 ignores the field', () => {
    const documents = [
      { key: 'extra', fields: { extra: 'invoice', name: 'alpha' } },
      { key: 'keywords', fields: { keywords: 'invoice', name: 'beta' } },
    ];
    expect(keys(indexOf(documents), 'invoice')).toEqual(['keywords', 'extra']);
    expect(keys(indexOf(documents, { fieldWeights: { extra: 0 } }), 'invoice')).toEqual(['keywords']);
  });

  test('stop words are ignored in queries', () => {
    const index = indexOf(TOOLS);
    expect(index.search('what is the weather', 10)).toEqual(index.search('weather', 10));
    expect(index.search('the of and', 10)).toEqual([]);
  });

  test('stemming matches plural and -ing forms', () => {
    expect(keys(indexOf(TOOLS), 'converting formats')[0]).toBe('format');
  });

  test('ties are broken by key', () => {
    const index = indexOf([
      { key: 'b', fields: { description: 'same text' } },
      { key: 'a', fields: { description: 'same text' } },
      { key: 'c', fields: { description: 'same text' } },
    ]);
    expect(keys(index, 'text')).toEqual(['a', 'b', 'c']);
    expect(keys(index, 'text', 2)).toEqual(['a', 'b']);
  });
});

describe('createLexicalIndex: exact matching', () => {
  test('a typo or a prefix of a word finds nothing (fuzzy and prefix matching were removed)', () => {
    expect(keys(indexOf(TOOLS), 'wether')).toEqual([]);
    expect(keys(indexOf(TOOLS), 'calen')).toEqual([]);
  });

  test('an unknown option is a type error and a USAGE_ERROR naming the known ones', () => {
    // @ts-expect-error fuzzy matching does not exist
    expect(() => createLexicalIndex({ fuzzy: true })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown lexical index option "fuzzy". Known options: fieldWeights, k1, b, stopWords, stem.]`,
    );
    // @ts-expect-error prefix matching does not exist
    expect(() => createLexicalIndex({ stem: false, prefix: { weight: 3 } })).toThrow(
      expect.objectContaining({
        code: 'USAGE_ERROR',
        details: expect.objectContaining({ option: 'prefix' }),
      }),
    );
    // @ts-expect-error a misspelt option
    expect(() => createLexicalIndex({ k: 1.2 })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown lexical index option "k". Known options: fieldWeights, k1, b, stopWords, stem.]`,
    );
  });
});

describe('createLexicalIndex: updates', () => {
  test('remove drops documents, unknown keys are ignored', () => {
    const index = indexOf(TOOLS);
    index.remove(['weather', 'no-such-key']);
    expect(index.size).toBe(TOOLS.length - 1);
    expect(keys(index, 'weather forecast')).toEqual([]);
  });

  test('upsert replaces a document with the same key', () => {
    const index = indexOf(TOOLS);
    index.upsert([{ key: 'weather', fields: { name: 'get_tides', description: 'Tide tables' } }]);
    expect(index.size).toBe(TOOLS.length);
    expect(keys(index, 'forecast')).toEqual([]);
    expect(keys(index, 'tides')).toEqual(['weather']);
  });

  test('after many removals and re-adds, results equal a fresh build', () => {
    const documents = Array.from({ length: 300 }, (_, number) => ({
      key: `tool-${String(number).padStart(3, '0')}`,
      fields: {
        name: `tool ${number % 7}`,
        description: `word${number % 11} shared text ${number % 3 ? 'extra' : ''}`,
      },
    }));
    const index = indexOf(documents);
    index.remove(documents.filter((_, number) => number % 3 !== 0).map((document) => document.key));
    const kept = documents.filter((_, number) => number % 3 === 0);
    index.upsert(kept.slice(0, 20));
    const fresh = indexOf(kept);
    for (const query of ['tool 3', 'word5 extra', 'shared', 'wrd5', 'sha']) {
      expect(index.search(query, 50)).toEqual(fresh.search(query, 50));
    }
  });

  test('results do not depend on insertion order', () => {
    const forward = indexOf(TOOLS);
    const backward = indexOf([...TOOLS].reverse());
    for (const query of ['email message', 'wether city', 'calen event', 'form', 'print label']) {
      expect(backward.search(query, 10)).toEqual(forward.search(query, 10));
    }
  });
});

describe('createLexicalIndex: edges and snapshots', () => {
  test('an empty index, an empty query and k < 1 return []', () => {
    expect(createLexicalIndex().search('weather', 10)).toEqual([]);
    expect(indexOf(TOOLS).search('', 10)).toEqual([]);
    expect(indexOf(TOOLS).search('   ', 10)).toEqual([]);
    expect(indexOf(TOOLS).search('weather', 0)).toEqual([]);
  });

  test('toBinary and loadLexicalIndex round-trip: same results, same snapshot, still updatable', () => {
    const index = indexOf(TOOLS, { k1: 1.5, fieldWeights: { name: 2 }, stopWords: ['send'] });
    index.remove(['lapel']);
    const loaded = loadLexicalIndex(index.toBinary());
    expect(loaded.size).toBe(index.size);
    for (const query of ['send email', 'weather', 'calendar', 'label', 'form']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
    expect(loaded.toBinary()).toEqual(index.toBinary());
    loaded.upsert([{ key: 'lapel', fields: { name: 'lapel_shop' } }]);
    loaded.remove(['weather']);
    expect(keys(loaded, 'lapel')).toEqual(['lapel']);
    expect(keys(loaded, 'weather forecast')).not.toContain('weather');
  });

  test('a binary load removes and replaces documents exactly like the index it was saved from', () => {
    const index = indexOf(TOOLS, {});
    const loaded = loadLexicalIndex(index.toBinary());
    for (const target of [index, loaded]) {
      target.remove(['weather']);
      target.upsert([{ key: 'email', fields: { name: 'send_mail', description: 'Mail a message' } }]);
    }
    expect(loaded.toBinary()).toEqual(index.toBinary());
    for (const query of ['weather', 'mail message', 'send email', 'calendar']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
  });

  test('an empty index round-trips', () => {
    const loaded = loadLexicalIndex(createLexicalIndex().toBinary());
    expect(loaded.size).toBe(0);
    expect(loaded.search('anything', 5)).toEqual([]);
  });

  test.each([
    ['k1', { k1: -1 }],
    ['b', { b: 2 }],
    ['fieldWeights.name', { fieldWeights: { name: Number.NaN } }],
  ])('an out-of-range %s throws USAGE_ERROR', (_, options) => {
    expect(() => createLexicalIndex(options)).toThrow(expect.objectContaining({ code: 'USAGE_ERROR' }));
  });

  test('a non-text field value throws USAGE_ERROR and leaves the index unchanged', () => {
    const index = indexOf(TOOLS);
    const bad = { key: 'bad', fields: { name: 42 } } as unknown as LexicalDocument;
    const replacement = { key: 'weather', fields: { name: 'tides' } };
    expect(() => index.upsert([replacement, bad])).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Lexical document "bad" has a non-text field "name" (number). Field values must be strings.]`,
    );
    expect(index.size).toBe(TOOLS.length);
    expect(keys(index, 'forecast')).toEqual(['weather']);
  });

  test('the out-of-range message names the option and the range', () => {
    expect(() => createLexicalIndex({ b: 2 })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index option b: 2. Expected a finite number from 0 to 1.]`,
    );
  });
});

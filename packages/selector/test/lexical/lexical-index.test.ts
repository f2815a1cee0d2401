import { describe, expect, test } from 'vitest';
import { createLexicalIndex, loadLexicalIndex } from '../../src/lexical/create-lexical-index.js';
import { decodeLexicalBinary, encodeLexicalBinary } from '../../src/lexical/lexical-binary-snapshot.js';
import type { LexicalDocument, LexicalIndex } from '../../src/lexical/lexical-index.js';
import type { LexicalSnapshot } from '../../src/lexical/lexical-snapshot.js';

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

describe('createLexicalIndex: fuzzy and prefix matching', () => {
  test('a typo finds the word at edit distance 1 and reports the query word', () => {
    const hits = indexOf(TOOLS).search('wether', 10);
    expect(hits.map((hit) => hit.key)).toContain('weather');
    expect(hits.find((hit) => hit.key === 'weather')?.matchedTerms).toEqual(['wether']);
  });

  test('a fuzzy match scores below an exact match of an equally rare word', () => {
    const index = indexOf([
      { key: 'a-weather', fields: { description: 'weather report' } },
      { key: 'b-event', fields: { description: 'event report' } },
    ]);
    const hits = index.search('wether event', 10);
    expect(hits.map((hit) => [hit.key, hit.matchedTerms])).toEqual([
      ['b-event', ['event']],
      ['a-weather', ['wether']],
    ]);
  });

  test('a word found in the index is matched exactly, not expanded', () => {
    expect(keys(indexOf(TOOLS), 'label')).toEqual(['label']);
    expect(keys(indexOf(TOOLS), 'form')).toEqual(['form']);
  });

  test('short terms are not fuzzy-matched', () => {
    expect(keys(indexOf([{ key: 'cat', fields: { name: 'cat' } }]), 'bat')).toEqual([]);
  });

  test('a prefix of three or more characters finds the longer term', () => {
    expect(keys(indexOf(TOOLS), 'calen')).toEqual(['calendar']);
    expect(keys(indexOf(TOOLS), 'ca')).toEqual([]);
  });

  test('a prefix match scores below an exact match of an equally rare word', () => {
    const index = indexOf([
      { key: 'a-calendar', fields: { description: 'calendar sync' } },
      { key: 'b-event', fields: { description: 'event sync' } },
    ]);
    expect(keys(index, 'calen event')).toEqual(['b-event', 'a-calendar']);
  });

  test('fuzzy and prefix matching can be turned off', () => {
    const index = indexOf(TOOLS, { fuzzy: false, prefix: false });
    expect(keys(index, 'wether')).toEqual([]);
    expect(keys(index, 'calen')).toEqual([]);
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

  test('toJSON and loadLexicalIndex round-trip, through JSON text too', () => {
    const index = indexOf(TOOLS, { k1: 1.5, fieldWeights: { name: 2 }, stopWords: ['send'] });
    index.remove(['lapel']);
    const loaded = loadLexicalIndex(JSON.parse(JSON.stringify(index)));
    expect(loaded.size).toBe(index.size);
    for (const query of ['send email', 'wether', 'calen', 'label', 'form']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
    expect(loaded.toJSON()).toEqual(index.toJSON());
    loaded.upsert([{ key: 'lapel', fields: { name: 'lapel_shop' } }]);
    expect(keys(loaded, 'lapel')).toEqual(['lapel']);
  });

  test('toBinary and loadLexicalIndex round-trip: same results, same snapshot, still updatable', () => {
    const index = indexOf(TOOLS, { k1: 1.5, fieldWeights: { name: 2 }, stopWords: ['send'] });
    index.remove(['lapel']);
    const loaded = loadLexicalIndex(index.toBinary());
    expect(loaded.size).toBe(index.size);
    for (const query of ['send email', 'wether', 'calen', 'label', 'form']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
    expect(loaded.toJSON()).toEqual(index.toJSON());
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
    expect(loaded.toJSON()).toEqual(index.toJSON());
    for (const query of ['weather', 'mail message', 'send email', 'calen']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
  });

  test('a binary load uses the fuzzy tables saved with it until the vocabulary changes', () => {
    const index = indexOf(TOOLS, {});
    // "wether" is one edit from "weather" and from "whether" (in spam's description).
    expect(keys(loadLexicalIndex(index.toBinary()), 'wether')).toEqual(['weather', 'spam']);
    // Empty filters of the sizes a saved one has: were they built again instead, "wether" would find "weather".
    const empty = {
      alphabet: ['e', 'a'],
      terms: new Int32Array(2 ** 11),
      deletions: new Int32Array(2 ** 11),
    };
    const loaded = loadLexicalIndex(encodeLexicalBinary(index.toJSON() as LexicalSnapshot, empty));
    expect(keys(loaded, 'wether')).toEqual([]);
    expect(keys(loaded, 'calen')).toEqual(['calendar']); // prefixes come from the live terms themselves
    loaded.upsert([{ key: 'badge', fields: { name: 'badge_maker' } }]);
    expect(keys(loaded, 'wether')).toEqual(['weather', 'spam']);
  });

  test('without fuzzy matching no fuzzy tables are built or saved', () => {
    const fuzzy = indexOf(TOOLS, {});
    const plain = indexOf(TOOLS, { fuzzy: false });
    expect(decodeLexicalBinary(fuzzy.toBinary()).expansion).toBeDefined();
    expect(decodeLexicalBinary(plain.toBinary()).expansion).toBeUndefined();
    expect(keys(loadLexicalIndex(plain.toBinary()), 'calen')).toEqual(['calendar']);
  });

  test('fuzzy tables whose bits are not a filter are ignored, and built on first use', () => {
    const index = indexOf(TOOLS, {});
    const odd = { alphabet: ['e'], terms: new Int32Array(3), deletions: new Int32Array(3) };
    const loaded = loadLexicalIndex(encodeLexicalBinary(index.toJSON() as LexicalSnapshot, odd));
    expect(keys(loaded, 'wether')).toEqual(['weather', 'spam']);
  });

  test('an empty index round-trips', () => {
    const loaded = loadLexicalIndex(createLexicalIndex().toJSON());
    expect(loaded.size).toBe(0);
    expect(loaded.search('anything', 5)).toEqual([]);
    expect(loadLexicalIndex(createLexicalIndex().toBinary()).size).toBe(0);
  });

  test.each([
    ['k1', { k1: -1 }],
    ['b', { b: 2 }],
    ['fieldWeights.name', { fieldWeights: { name: Number.NaN } }],
    ['fuzzy.weight', { fuzzy: { weight: 3 } }],
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

import { describe, expect, test } from 'vitest';
import { createLexicalIndex, loadLexicalIndex } from '../../src/lexical/create-lexical-index.js';
import { encodeLexicalBinary } from '../../src/lexical/lexical-binary-snapshot.js';
import type { LexicalSnapshot } from '../../src/lexical/lexical-snapshot.js';

function snapshot(): LexicalSnapshot {
  const index = createLexicalIndex();
  index.upsert([
    { key: 'weather', fields: { name: 'get_weather', description: 'Weather forecast' } },
    { key: 'email', fields: { name: 'send_email', description: 'Send an email' } },
  ]);
  return JSON.parse(JSON.stringify(index)) as LexicalSnapshot;
}

describe('loadLexicalIndex: corrupt snapshots', () => {
  test.each<[string, (value: LexicalSnapshot) => unknown]>([
    ['not an object', () => 'nope'],
    ['null', () => null],
    ['another format', (value) => ({ ...value, format: 'other' })],
    ['another layout version', (value) => ({ ...value, version: 99 })],
    ['another tokenizer version', (value) => ({ ...value, tokenizer: 0 })],
    ['options missing', (value) => ({ ...value, options: undefined })],
    ['options out of range', (value) => ({ ...value, options: { ...value.options, b: 7 } })],
    ['duplicate keys', (value) => ({ ...value, keys: ['weather', 'weather'] })],
    [
      'terms out of order',
      (value) => ({ ...value, terms: [...value.terms].reverse(), postings: [...value.postings].reverse() }),
    ],
    ['lengths not per field', (value) => ({ ...value, lengths: [] })],
    ['a length per document missing', (value) => ({ ...value, lengths: value.lengths.map(() => [1]) })],
    ['postings not per term', (value) => ({ ...value, postings: value.postings.slice(1) })],
    [
      'a posting past the last document',
      (value) => ({ ...value, postings: value.postings.map(() => [5, 1]) }),
    ],
    [
      'a posting with an unknown field',
      (value) => ({ ...value, postings: value.postings.map(() => [0, 9 * 65536 + 1]) }),
    ],
    ['a posting with zero frequency', (value) => ({ ...value, postings: value.postings.map(() => [0, 0]) })],
    ['a truncated posting', (value) => ({ ...value, postings: value.postings.map(() => [0]) })],
  ])('%s → INDEX_CORRUPT', (_, corrupt) => {
    expect(() => loadLexicalIndex(corrupt(snapshot()))).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT' }),
    );
  });

  test('the message names where the snapshot is wrong', () => {
    expect(() => loadLexicalIndex({ ...snapshot(), tokenizer: 0 })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index snapshot at tokenizer: expected 1. Rebuild the index.]`,
    );
    expect(() =>
      loadLexicalIndex({ ...snapshot(), postings: snapshot().postings.map(() => [0, 1, 0, 1]) }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index snapshot at postings[0][2]: posting out of range or out of order. Rebuild the index.]`,
    );
  });

  test('a valid snapshot loads', () => {
    expect(
      loadLexicalIndex(snapshot())
        .search('wether', 5)
        .map((hit) => hit.key),
    ).toEqual(['weather']);
  });
});

describe('loadLexicalIndex: corrupt binary snapshots', () => {
  function binary(): Uint8Array {
    const index = createLexicalIndex();
    index.upsert([
      { key: 'weather', fields: { name: 'get_weather', description: 'Weather forecast' } },
      { key: 'email', fields: { name: 'send_email', description: 'Send an email' } },
    ]);
    return index.toBinary();
  }
  const words = (bytes: Uint8Array) => new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  /** The snapshot with 32-bit words `start` up to `end` set to `value` (negative positions count from the end). */
  const withWords =
    (value: number, start: number, end?: number) =>
    (bytes: Uint8Array): Uint8Array => {
      words(bytes).fill(value, start, end);
      return bytes;
    };

  test.each<[string, (bytes: Uint8Array) => Uint8Array]>([
    ['empty', () => new Uint8Array(0)],
    ['truncated', (bytes) => bytes.slice(0, bytes.length - 8)],
    ['cut mid-word', (bytes) => bytes.slice(0, bytes.length - 2)],
    ['another magic', withWords(0, 0, 1)],
    ['another byte order', withWords(0x04030201, 1, 2)],
    ['a header longer than the file', withWords(1 << 30, 2, 3)],
    ['a posting past the last document', withWords(99, -2, -1)],
    ['a posting with zero frequency', withWords(0, -1)],
  ])('%s → INDEX_CORRUPT', (_, corrupt) => {
    expect(() => loadLexicalIndex(corrupt(binary()))).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT' }),
    );
  });

  test.each<[string, (snapshot: LexicalSnapshot) => LexicalSnapshot, string]>([
    ['repeated document keys', (value) => ({ ...value, keys: ['weather', 'weather'] }), 'keys'],
    [
      'terms out of order',
      (value) => ({ ...value, terms: [...value.terms].reverse(), postings: [...value.postings].reverse() }),
      'terms',
    ],
  ])('%s, in a well-formed file → INDEX_CORRUPT', (_, corrupt, path) => {
    const snapshot = createLexicalIndex();
    snapshot.upsert([
      { key: 'weather', fields: { name: 'get_weather', description: 'Weather forecast' } },
      { key: 'email', fields: { name: 'send_email', description: 'Send an email' } },
    ]);
    const bytes = encodeLexicalBinary(corrupt(snapshot.toJSON() as LexicalSnapshot));
    expect(() => loadLexicalIndex(bytes)).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT', details: { path } }),
    );
  });

  test.each([
    ['an alphabet entry of two characters', ['ab']],
    ['an alphabet entry that is not a string', [7]],
  ])('fuzzy tables with %s → INDEX_CORRUPT at expansion', (_, alphabet) => {
    const index = createLexicalIndex();
    index.upsert([{ key: 'weather', fields: { name: 'get_weather' } }]);
    const tables = {
      alphabet: alphabet as string[],
      terms: new Int32Array(2048),
      deletions: new Int32Array(2048),
    };
    expect(() => loadLexicalIndex(encodeLexicalBinary(index.toJSON() as LexicalSnapshot, tables))).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT', details: { path: 'expansion' } }),
    );
  });

  test('the message names where the snapshot is wrong', () => {
    const bytes = binary();
    words(bytes).fill(0, -1);
    expect(() => loadLexicalIndex(bytes)).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index snapshot at postings[6][2]: posting out of range or out of order. Rebuild the index.]`,
    );
  });
});

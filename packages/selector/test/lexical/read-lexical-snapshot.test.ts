import { describe, expect, test } from 'vitest';
import { createLexicalIndex, loadLexicalIndex } from '../../src/lexical/create-lexical-index.js';
import { encodeLexicalBinary } from '../../src/lexical/lexical-binary-snapshot.js';
import { LEXICAL_SNAPSHOT_VERSION, type LexicalSnapshot } from '../../src/lexical/lexical-snapshot.js';
import { resolveLexicalOptions } from '../../src/lexical/resolve-lexical-options.js';
import { TOKENIZER_VERSION } from '../../src/lexical/tokenize.js';

/** A small valid snapshot as `writeLexicalSnapshot` makes it: "weather" in document 0, "email" in document 1. */
function snapshot(): LexicalSnapshot {
  return {
    format: 'toolsift-lexical',
    version: LEXICAL_SNAPSHOT_VERSION,
    tokenizer: TOKENIZER_VERSION,
    options: resolveLexicalOptions({}),
    fields: ['name'],
    keys: ['weather', 'email'],
    lengths: [[1, 1]],
    terms: ['email', 'weather'],
    postings: [
      [1, 1],
      [0, 1],
    ],
  };
}

describe('loadLexicalIndex: snapshot headers', () => {
  test.each<[string, (value: LexicalSnapshot) => unknown, string]>([
    ['another format', (value) => ({ ...value, format: 'other' }), 'format'],
    ['another layout version', (value) => ({ ...value, version: 99 }), 'version'],
    ['another tokenizer version', (value) => ({ ...value, tokenizer: 0 }), 'tokenizer'],
    ['options missing', (value) => ({ ...value, options: undefined }), 'options'],
    ['options out of range', (value) => ({ ...value, options: { ...value.options, b: 7 } }), 'options'],
    ['repeated document keys', (value) => ({ ...value, keys: ['weather', 'weather'] }), 'keys'],
    [
      'terms out of order',
      (value) => ({ ...value, terms: [...value.terms].reverse(), postings: [...value.postings].reverse() }),
      'terms',
    ],
  ])('%s → INDEX_CORRUPT', (_, corrupt, path) => {
    const bytes = encodeLexicalBinary(corrupt(snapshot()) as LexicalSnapshot);
    expect(() => loadLexicalIndex(bytes)).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT', details: { path } }),
    );
  });

  test('the message names where the snapshot is wrong', () => {
    const bytes = encodeLexicalBinary({ ...snapshot(), tokenizer: 0 });
    expect(() => loadLexicalIndex(bytes)).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index snapshot at tokenizer: expected 1. Rebuild the index.]`,
    );
  });

  test('a valid snapshot loads', () => {
    const loaded = loadLexicalIndex(encodeLexicalBinary(snapshot()));
    expect(loaded.search('weather', 5).map((hit) => hit.key)).toEqual(['weather']);
  });

  test('a version 1 snapshot is not read: INDEX_CORRUPT at version (the index is rebuilt)', () => {
    const old = { ...snapshot(), version: 1 };
    expect(() => loadLexicalIndex(encodeLexicalBinary(old))).toThrow(
      expect.objectContaining({ code: 'INDEX_CORRUPT', details: { path: 'version' } }),
    );
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

  test('the message names where the snapshot is wrong', () => {
    const bytes = binary();
    words(bytes).fill(0, -1);
    expect(() => loadLexicalIndex(bytes)).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid lexical index snapshot at postings[6][2]: posting out of range or out of order. Rebuild the index.]`,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createLexicalIndex, loadLexicalIndex } from '../../src/lexical/create-lexical-index.js';
import type { LexicalDocument } from '../../src/lexical/lexical-index.js';

const WORDS = [
  'weather',
  'forecast',
  'calendar',
  'event',
  'email',
  'send',
  'label',
  'lapel',
  'format',
  'form',
  'data',
];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((words) => words.join(' '));
const corpus = fc.uniqueArray(
  fc.record({ key: fc.string({ minLength: 1, maxLength: 4 }), name: text, description: text }),
  { selector: (document) => document.key, maxLength: 25 },
);
const query = fc.array(fc.constantFrom(...WORDS, 'wether', 'calen', 'the'), { minLength: 1, maxLength: 4 });

function build(documents: ReadonlyArray<{ key: string; name: string; description: string }>) {
  const index = createLexicalIndex();
  index.upsert(
    documents.map(({ key, name, description }): LexicalDocument => ({ key, fields: { name, description } })),
  );
  return index;
}

describe('lexical index invariants', () => {
  test('results are independent of insertion order, sorted, and survive a snapshot', () => {
    fc.assert(
      fc.property(corpus, query, (documents, words) => {
        const forward = build(documents);
        const hits = forward.search(words.join(' '), 10);
        expect(build([...documents].reverse()).search(words.join(' '), 10)).toEqual(hits);
        expect(loadLexicalIndex(forward.toBinary()).search(words.join(' '), 10)).toEqual(hits);
        for (let index = 1; index < hits.length; index++) {
          const [previous, current] = [hits[index - 1]!, hits[index]!];
          expect(
            previous.score > current.score ||
              (previous.score === current.score && previous.key < current.key),
          ).toBe(true);
        }
        for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  test('removing documents gives the same results as never adding them', () => {
    fc.assert(
      fc.property(corpus, fc.array(fc.boolean(), { maxLength: 25 }), query, (documents, dropped, words) => {
        const index = build(documents);
        index.remove(documents.filter((_, position) => dropped[position]).map((document) => document.key));
        const kept = documents.filter((_, position) => !dropped[position]);
        expect(index.size).toBe(kept.length);
        expect(index.search(words.join(' '), 10)).toEqual(build(kept).search(words.join(' '), 10));
      }),
      { numRuns: 150 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { IdMap } from '../../src/vector-index/id-map.js';

describe('IdMap', () => {
  it('hands out labels once and never reuses them', () => {
    const ids = new IdMap();
    expect(ids.assign('a')).toBe(0);
    expect(ids.assign('b')).toBe(1);
    expect(ids.delete('a')).toBe(0);
    expect(ids.delete('a')).toBeUndefined();
    expect(ids.assign('a')).toBe(2);
    expect(ids.labelOf('a')).toBe(2);
    expect(ids.keyOf(0)).toBeUndefined();
    expect(ids.keyOf(2)).toBe('a');
    expect(ids.size).toBe(2);
  });

  it('round-trips through JSON, keeping the label counter', () => {
    const ids = new IdMap();
    for (const key of ['x', 'y', 'z']) ids.assign(key);
    ids.delete('y');
    const restored = IdMap.fromJSON(JSON.parse(JSON.stringify(ids)));
    expect(restored?.toJSON()).toEqual({ nextLabel: 3, keys: ['x', 'z'], labels: [0, 2] });
    expect(restored?.assign('w')).toBe(3);
  });

  it('restores keys saved out of label order, and a counter far beyond the keys', () => {
    const restored = IdMap.fromJSON({ nextLabel: 5000, keys: ['c', 'a', 'b'], labels: [4999, 0, 2] });
    expect([0, 1, 2, 4999].map((label) => restored?.keyOf(label))).toEqual(['a', undefined, 'b', 'c']);
    expect(restored?.labelOf('c')).toBe(4999);
    expect(restored?.assign('d')).toBe(5000);
    expect(restored?.keyOf(5000)).toBe('d');
  });

  it('tests every mapped label', () => {
    const ids = new IdMap();
    for (const key of ['x', 'y', 'z']) ids.assign(key);
    ids.delete('x');
    const seen: number[] = [];
    expect(ids.everyLabel((label) => seen.push(label) > 0)).toBe(true);
    expect(seen).toEqual([1, 2]);
    expect(ids.everyLabel((label) => label !== 2)).toBe(false);
  });

  it.each([
    ['not an object', 'nope'],
    ['lengths differ', { nextLabel: 2, keys: ['a', 'b'], labels: [0] }],
    ['a repeated key', { nextLabel: 2, keys: ['a', 'a'], labels: [0, 1] }],
    ['a repeated label', { nextLabel: 2, keys: ['a', 'b'], labels: [1, 1] }],
    ['a label beyond the counter', { nextLabel: 1, keys: ['a'], labels: [1] }],
    ['a fractional label', { nextLabel: 3, keys: ['a'], labels: [0.5] }],
    ['a non-string key', { nextLabel: 1, keys: [7], labels: [0] }],
  ])('refuses %s', (_, value) => {
    expect(IdMap.fromJSON(value)).toBeUndefined();
  });
});

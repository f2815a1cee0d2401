import { describe, expect, it } from 'vitest';
import { normalizeType } from '../../src/schema/normalize-type.js';

describe('normalizeType', () => {
  it.each([
    ['string', { type: 'string' }],
    ['String', { type: 'string' }],
    ['str', { type: 'string' }],
    ['char', { type: 'string' }],
    ['int', { type: 'integer' }],
    ['integer', { type: 'integer' }],
    ['long', { type: 'integer' }],
    ['float', { type: 'number' }],
    ['double', { type: 'number' }],
    ['number', { type: 'number' }],
    ['bool', { type: 'boolean' }],
    ['Boolean', { type: 'boolean' }],
    ['dict', { type: 'object' }],
    ['HashMap', { type: 'object' }],
    ['object', { type: 'object' }],
    ['array', { type: 'array' }],
    ['ArrayList', { type: 'array' }],
    ['tuple', { type: 'array' }],
    ['null', { type: 'null' }],
    ['any', {}],
    ['date', { type: 'string', format: 'date' }],
    ['array:string', { type: 'array', items: { type: 'string' } }],
    ['array:int', { type: 'array', items: { type: 'integer' } }],
    ['array:float', { type: 'array', items: { type: 'number' } }],
    ['array:bool', { type: 'array', items: { type: 'boolean' } }],
    ['string[]', { type: 'array', items: { type: 'string' } }],
    ['list[int]', { type: 'array', items: { type: 'integer' } }],
    [['string', 'null'], { type: ['string', 'null'] }],
    [['int', 'None'], { type: ['integer', 'null'] }],
    [['string'], { type: 'string' }],
    [['any', 'null'], {}],
  ])('normalises %j', (raw, schema) => {
    expect(normalizeType(raw)).toEqual({ schema, isKnown: true });
  });

  it.each([['csv-or-json'], [''], [42], [undefined], [['string', 'blob']]])(
    'reads the unknown type %j as a string',
    (raw) => {
      const normalized = normalizeType(raw);
      expect(normalized.isKnown).toBe(false);
      expect(normalized.schema.type).toBe('string');
    },
  );
});

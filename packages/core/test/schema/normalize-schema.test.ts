import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../src/schema/normalize-schema.js';

describe('normalizeSchema', () => {
  it.each([
    ['dict as object', { type: 'dict' }, { type: 'object' }],
    ['nullable as a null type', { type: 'string', nullable: true }, { type: ['string', 'null'] }],
    ['nullable: false dropped', { type: 'string', nullable: false }, { type: 'string' }],
    ['an array without items', { type: 'array' }, { type: 'array', items: {} }],
    ['array:string', { type: 'array:string' }, { type: 'array', items: { type: 'string' } }],
    [
      'tuple items as prefixItems',
      { type: 'tuple', items: [{ type: 'int' }, { type: 'str' }] },
      {
        type: 'array',
        prefixItems: [{ type: 'integer' }, { type: 'string' }],
        items: {},
      },
    ],
    ['any as no type', { type: 'any', description: 'd' }, { description: 'd' }],
    ['a string default of a number', { type: 'number', default: '10' }, { type: 'number', default: 10 }],
    ['a string default of an integer', { type: 'int', default: ' 7 ' }, { type: 'integer', default: 7 }],
    [
      'a non-integer default of an integer kept',
      { type: 'integer', default: '1.5' },
      { type: 'integer', default: '1.5' },
    ],
    ['a string default of a boolean', { type: 'bool', default: 'TRUE' }, { type: 'boolean', default: true }],
    ['a non-numeric default kept', { type: 'number', default: 'auto' }, { type: 'number', default: 'auto' }],
    [
      'a string default of a string kept',
      { type: 'string', default: '10' },
      { type: 'string', default: '10' },
    ],
    [
      'validation for strings',
      { type: 'string', validation: { minLength: 1, maxLength: 9, pattern: '^a' } },
      {
        type: 'string',
        minLength: 1,
        maxLength: 9,
        pattern: '^a',
      },
    ],
    [
      'validation min/max for numbers',
      { type: 'number', validation: { min: 0, max: 5 } },
      { type: 'number', minimum: 0, maximum: 5 },
    ],
    [
      'validation for arrays',
      { type: 'array', validation: { minItems: 1, maxItems: 3 } },
      {
        type: 'array',
        items: {},
        minItems: 1,
        maxItems: 3,
      },
    ],
    [
      'bare min/max on a string',
      { type: 'string', min: 2, max: 4 },
      { type: 'string', minLength: 2, maxLength: 4 },
    ],
    ['example as examples', { type: 'string', example: 'x' }, { type: 'string', examples: ['x'] }],
    ['description: null dropped', { type: 'string', description: null }, { type: 'string' }],
    ['a bare type word', 'float', { type: 'number' }],
    ['a non-object', 42, {}],
  ])('normalises %s', (_label, input, expected) => {
    expect(normalizeSchema(input)).toEqual(expected);
  });

  it('lifts per-property required booleans into the parent required list, after the written ones', () => {
    const schema = normalizeSchema({
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string' },
        b: { type: 'string', required: true },
        c: { type: 'string', required: false },
        d: { type: 'object', required: ['x'], properties: { x: { type: 'int' } } },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      required: ['a', 'b'],
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        c: { type: 'string' },
        d: { type: 'object', required: ['x'], properties: { x: { type: 'integer' } } },
      },
    });
  });

  it('recurses into items, additionalProperties, anyOf/oneOf/allOf and $defs; keeps unknown keywords', () => {
    const schema = normalizeSchema({
      type: 'object',
      additionalProperties: { type: 'float' },
      anyOf: [{ type: 'int' }, { type: 'str' }],
      $defs: { point: { type: 'dict' } },
      items: { type: 'bool' },
      'x-origin': 'bench',
    });
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      $defs: { point: { type: 'object' } },
      items: { type: 'boolean' },
      'x-origin': 'bench',
    });
  });

  it('cuts cycles instead of recursing forever', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { self: node };
    expect(normalizeSchema(node)).toEqual({ type: 'object', properties: { self: {} } });
  });

  it('does not let a __proto__ key reach the prototype', () => {
    const schema = normalizeSchema(JSON.parse('{"type": "object", "__proto__": {"polluted": true}}'));
    expect(schema).toEqual({ type: 'object' });
    expect(Object.getPrototypeOf(schema)).toBe(Object.prototype);
  });
});

import { describe, expect, it } from 'vitest';
import { toObjectSchema } from '../../src/schema/object-schema.js';
import { parametersToSchema } from '../../src/schema/parameters-to-schema.js';

describe('parametersToSchema', () => {
  it('turns a list of named parameters with required booleans into an object schema', () => {
    const result = parametersToSchema([
      { name: 'q', type: 'string', description: 'query', required: true },
      { name: 'n', type: 'int', required: false, default: '5' },
      { name: 'tags', type: 'array:string' },
    ]);
    expect(result).toEqual({
      schema: {
        type: 'object',
        properties: {
          q: { type: 'string', description: 'query' },
          n: { type: 'integer', default: 5 },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['q'],
      },
      problems: [],
    });
  });

  it('turns a name -> parameter map into an object schema, with validation and nested objects', () => {
    const { schema } = parametersToSchema({
      size: { type: 'number', required: true, validation: { min: 1, max: 9 } },
      options: {
        description: 'no type, has properties',
        properties: { deep: { type: 'bool', required: true } },
      },
      list: { items: { type: 'string' } },
      plain: { description: 'no type at all' },
      choice: { enum: ['a', 'b'] },
      shorthand: 'integer',
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        size: { type: 'number', minimum: 1, maximum: 9 },
        options: {
          type: 'object',
          description: 'no type, has properties',
          properties: { deep: { type: 'boolean' } },
          required: ['deep'],
        },
        list: { type: 'array', items: { type: 'string' } },
        plain: { type: 'string', description: 'no type at all' },
        choice: { enum: ['a', 'b'] },
        shorthand: { type: 'integer' },
      },
      required: ['size'],
    });
  });

  it("reads docker's compact form: desc, optional, required by default except nullable types", () => {
    const { schema } = parametersToSchema(
      [
        { name: 'a', type: 'string', desc: 'first' },
        { name: 'b', type: 'string', optional: true },
        { name: 'c', type: ['string', 'null'] },
        { name: 'd', type: 'string', required: false },
      ],
      { isRequiredByDefault: true },
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'first' },
        b: { type: 'string' },
        c: { type: ['string', 'null'] },
        d: { type: 'string' },
      },
      required: ['a'],
    });
  });

  it.each([
    [undefined, []],
    [null, []],
    ['x', [{ pointer: '', expected: 'a list or map of parameters', found: 'x' }]],
    [
      [{ type: 'string' }, 3],
      [
        { pointer: '/0', expected: 'a parameter object with a name', found: { type: 'string' } },
        { pointer: '/1', expected: 'a parameter object with a name', found: 3 },
      ],
    ],
    [{ 'a/b': 7 }, [{ pointer: '/a~1b', expected: 'a parameter object', found: 7 }]],
  ])('reports what it skips in %j', (input, problems) => {
    const result = parametersToSchema(input);
    expect(result.problems).toEqual(problems);
    expect(result.schema).toEqual({ type: 'object', properties: {} });
  });
});

describe('toObjectSchema', () => {
  it.each([
    [undefined, { type: 'object', properties: {} }],
    [{}, { type: 'object', properties: {} }],
    [
      { type: 'dict', properties: { a: { type: 'float' } } },
      { type: 'object', properties: { a: { type: 'number' } } },
    ],
    [{ properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'string' } } }],
  ])('makes %j an object schema', (input, schema) => {
    expect(toObjectSchema(input)).toEqual({ schema, problems: [] });
  });

  it('reports a value that is not an object', () => {
    expect(toObjectSchema('x')).toEqual({
      schema: { type: 'object', properties: {} },
      problems: [{ pointer: '', expected: 'a JSON Schema object', found: 'x' }],
    });
  });
});

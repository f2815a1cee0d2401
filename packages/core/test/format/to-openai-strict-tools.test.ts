import { validateOpenAIStrictSchema } from '@toolsift/test-support/format-validators';
import { describe, expect, test } from 'vitest';
import { toOpenAIStrictTools } from '../../src/format/to-openai-tools.js';
import { makeTool } from './make-tool.js';

function strictOf(parameters: Record<string, unknown>) {
  const result = toOpenAIStrictTools([makeTool({ id: 'demo', parameters })]);
  const tool = result.tools[0]!;
  return { fn: tool.function, warnings: result.warnings.map(({ code, path }) => ({ code, path })) };
}

describe('toOpenAIStrictTools', () => {
  test('closes objects, requires every property and makes optional ones nullable', () => {
    const { fn, warnings } = strictOf({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        filter: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
      },
      required: ['city'],
    });
    expect(fn.strict).toBe(true);
    expect(fn.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        units: {
          type: ['string', 'null'],
          enum: ['metric', 'imperial', null],
          description: 'Default: "metric".',
        },
        days: { type: ['integer', 'null'] },
        filter: {
          anyOf: [
            {
              type: 'object',
              properties: { tag: { type: 'string' } },
              required: ['tag'],
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
      },
      required: ['city', 'units', 'days', 'filter'],
      additionalProperties: false,
    });
    expect(validateOpenAIStrictSchema(fn.parameters)).toEqual([]);
    expect(warnings).toEqual([
      { code: 'KEYWORD_REMOVED', path: '/properties/city/minLength' },
      { code: 'KEYWORD_REMOVED', path: '/properties/units/default' },
      { code: 'KEYWORD_REMOVED', path: '/properties/days/minimum' },
      { code: 'KEYWORD_REMOVED', path: '/properties/days/maximum' },
    ]);
  });

  test('inlines $defs, merges allOf, turns oneOf into anyOf and splits type lists', () => {
    const { fn, warnings } = strictOf({
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: {
        at: { $ref: '#/$defs/point', description: 'Where' },
        both: {
          allOf: [
            { properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
        either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        id: { type: ['string', 'integer'] },
      },
      required: ['at', 'both', 'either', 'id'],
    });
    expect(fn.strict).toBe(true);
    expect(validateOpenAIStrictSchema(fn.parameters)).toEqual([]);
    expect(fn.parameters.properties?.at).toEqual({
      type: 'object',
      description: 'Where',
      properties: { x: { type: 'number' } },
      required: ['x'],
      additionalProperties: false,
    });
    expect(fn.parameters.properties?.id).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(warnings).toEqual([{ code: 'UNION_FLATTENED', path: '/properties/either/oneOf' }]);
  });

  test.each([
    ['a free-form object', { meta: { type: 'object' } }, '/properties/meta'],
    ['an array without items', { tags: { type: 'array' } }, '/properties/tags'],
    ['an untyped value', { value: { description: 'anything' } }, '/properties/value'],
    ['a tuple', { pair: { type: 'array', prefixItems: [{ type: 'string' }] } }, '/properties/pair'],
  ])('%s falls back to strict: false with one warning', (_label, properties, path) => {
    const { fn, warnings } = strictOf({ type: 'object', properties });
    expect(fn.strict).toBe(false);
    expect(warnings).toEqual([{ code: 'STRICT_FALLBACK', path }]);
    expect(fn.parameters).toEqual({
      type: 'object',
      properties,
      ...(path === '/properties/tags' ? { properties: { tags: { type: 'array', items: {} } } } : {}),
    });
  });

  test('a recursive schema falls back to strict: false', () => {
    const { fn, warnings } = strictOf({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
    });
    expect(fn.strict).toBe(false);
    expect(fn.parameters.$defs).toBeDefined();
    expect(warnings.map((warning) => warning.code)).toEqual(['STRICT_FALLBACK']);
  });

  test('a tool without parameters is a closed empty object', () => {
    const { fn } = strictOf({ type: 'object' });
    expect(fn).toMatchObject({
      strict: true,
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    });
  });

  test('nesting deeper than 10 levels falls back', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 11; level += 1)
      schema = { type: 'object', properties: { next: schema }, required: ['next'] };
    const { fn, warnings } = strictOf(schema);
    expect(fn.strict).toBe(false);
    expect(warnings[0]?.code).toBe('STRICT_FALLBACK');
  });
});

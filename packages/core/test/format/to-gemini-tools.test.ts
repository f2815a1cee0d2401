import { validateGeminiSchema } from '@toolsift/test-support/format-validators';
import { describe, expect, test } from 'vitest';
import { toGeminiTools } from '../../src/format/to-gemini-tools.js';
import { makeTool } from './make-tool.js';

function geminiOf(parameters: Record<string, unknown>) {
  const result = toGeminiTools([makeTool({ id: 'demo', parameters })]);
  return {
    declaration: result.tools[0]!,
    warnings: result.warnings.map(({ code, path }) => ({ code, path })),
  };
}

describe('toGeminiTools', () => {
  test('flattens unions to one type plus nullable, keeps string enums, moves other enums to the description', () => {
    const { declaration, warnings } = geminiOf({
      type: 'object',
      additionalProperties: false,
      properties: {
        note: { type: ['string', 'null'], maxLength: 200 },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        mode: { oneOf: [{ const: 'fast' }, { const: 'slow' }] },
        level: { type: 'integer', enum: [1, 2, 3] },
        id: { type: ['string', 'integer'] },
        email: { type: 'string', format: 'email', pattern: '.+@.+' },
      },
      required: ['mode', 'ghost'],
    });
    expect(declaration.parameters).toEqual({
      type: 'object',
      properties: {
        note: { type: 'string', nullable: true, maxLength: 200 },
        when: { type: 'string', format: 'date-time', nullable: true },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        level: { type: 'integer', description: 'Allowed values: 1, 2, 3.' },
        id: { type: 'string' },
        email: { type: 'string' },
      },
      required: ['mode'],
    });
    expect(validateGeminiSchema(declaration.parameters)).toEqual([]);
    expect(warnings).toEqual([
      { code: 'ADDITIONAL_PROPERTIES_REMOVED', path: '/additionalProperties' },
      { code: 'ENUM_REMOVED', path: '/properties/level/enum' },
      { code: 'UNION_FLATTENED', path: '/properties/id/type' },
      { code: 'KEYWORD_REMOVED', path: '/properties/email/format' },
      { code: 'KEYWORD_REMOVED', path: '/properties/email/pattern' },
      { code: 'REQUIRED_UNKNOWN', path: '/required' },
    ]);
  });

  test('inlines $ref, merges allOf and assumes string items for arrays without items', () => {
    const { declaration, warnings } = geminiOf({
      type: 'object',
      definitions: { tag: { type: 'string', description: 'A tag' } },
      properties: {
        tags: { type: 'array', items: { $ref: '#/definitions/tag' }, minItems: 1 },
        labels: { type: 'array' },
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { properties: { b: { type: 'boolean' } } },
          ],
        },
        limit: { type: 'integer', default: 10, exclusiveMinimum: 0 },
      },
    });
    expect(declaration.parameters?.properties).toEqual({
      tags: { type: 'array', items: { type: 'string', description: 'A tag' }, minItems: 1 },
      labels: { type: 'array', items: { type: 'string' } },
      both: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } } },
      limit: { type: 'integer', description: 'Default: 10.' },
    });
    expect(validateGeminiSchema(declaration.parameters)).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual([
      'TYPE_ASSUMED',
      'KEYWORD_REMOVED',
      'KEYWORD_REMOVED',
    ]);
  });

  test('a recursive reference is expanded once, then becomes a plain object, warned', () => {
    const { declaration, warnings } = geminiOf({
      type: 'object',
      properties: { node: { $ref: '#' } },
    });
    expect(declaration.parameters?.properties?.node).toEqual({
      type: 'object',
      properties: { node: { type: 'object', description: 'Recursive reference to #, not expanded.' } },
    });
    expect(warnings.map((warning) => warning.code)).toEqual(['RECURSIVE_REF', 'FREE_FORM_OBJECT']);
  });

  test('a tool without parameters has no parameters key', () => {
    const { declaration, warnings } = geminiOf({ type: 'object', properties: {} });
    expect(declaration).toEqual({ name: 'demo', description: 'Does demo.' });
    expect(warnings).toEqual([]);
  });

  test('an external $ref is left untyped (then a string), and non-object parameters are replaced', () => {
    const { declaration, warnings } = geminiOf({
      type: 'object',
      properties: {
        address: { $ref: 'https://schemas.example/address.json', description: 'Postal address' },
      },
    });
    expect(declaration.parameters?.properties?.address).toEqual({
      type: 'string',
      description: 'Postal address',
    });
    expect(warnings.map((warning) => warning.code)).toEqual(['UNRESOLVED_REF', 'TYPE_ASSUMED']);
    const notObject = geminiOf({ type: 'array', items: { type: 'string' } });
    expect(notObject.declaration).not.toHaveProperty('parameters');
    expect(notObject.warnings.map((warning) => warning.code)).toEqual(['PARAMETERS_NOT_OBJECT']);
  });
});

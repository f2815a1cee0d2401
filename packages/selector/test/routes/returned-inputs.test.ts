import type { JsonSchema } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import {
  createReturnedInputs,
  fieldKey,
  requiredIdentifierInputs,
} from '../../src/routes/returned-inputs.js';
import { makeTool } from '../fixtures/make-tool.js';

const HERE = { source: { format: 'openai' as const, file: 'test.jsonl', pointer: '' } };

const tool = (
  id: string,
  fields: { required?: string[]; result?: JsonSchema; readOnly?: boolean; file?: string } = {},
) =>
  makeTool({
    id,
    name: id,
    description: id,
    ...(fields.file === undefined ? {} : { source: { format: 'openai', file: fields.file, pointer: '' } }),
    parameters: {
      type: 'object',
      properties: Object.fromEntries((fields.required ?? []).map((name) => [name, { type: 'string' }])),
      required: fields.required ?? [],
    },
    ...(fields.result === undefined ? {} : { result: fields.result }),
    ...(fields.readOnly === undefined ? {} : { annotations: { readOnlyHint: fields.readOnly } }),
  });

const returns = (...fields: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
});

describe('createReturnedInputs', () => {
  const table = createReturnedInputs([
    tool('GetUserToken', { required: ['username', 'password'], result: returns('token') }),
    tool('RegisterUser', { required: ['username', 'password'], result: returns('token') }),
    tool('CheckToken', { required: ['token'], result: returns('username', 'token') }),
    tool('list_orders', { result: { type: 'array', items: returns('orderId', 'total') } }),
    tool('place_order', { result: returns('order_id') }),
    tool('ModifyUser', { required: ['token'], result: returns('username') }),
    tool('current_session', { readOnly: true, result: returns('session_token') }),
    tool('get_or_create_session', { readOnly: false, result: returns('session_token') }),
    tool('tmdb:GET /account', { result: returns('account_id') }),
    tool('tmdb:POST /list', { result: returns('list_id') }),
    tool('get_customer', { result: returns('customer_id'), file: 'other-api.json' }),
  ]);

  it('lists the reads that return a field: by read verb, GET route or readOnlyHint', () => {
    expect(table.readersOf('token', HERE)).toEqual(['GetUserToken']);
    expect(table.readersOf('session_token', HERE)).toEqual(['current_session']);
    expect(table.readersOf('account_id', HERE)).toEqual(['tmdb:GET /account']);
  });

  it('matches fields across naming styles, and reads a list result through its items', () => {
    expect(table.readersOf('order_id', HERE)).toEqual(['list_orders']);
    expect(fieldKey('orderId')).toBe(fieldKey('order_id'));
  });

  it("counts only tools read from the same file: another API's ids are not this one's", () => {
    expect(table.readersOf('customer_id', HERE)).toEqual([]);
    expect(table.readersOf('customer_id', { source: { ...HERE.source, file: 'other-api.json' } })).toEqual([
      'get_customer',
    ]);
  });

  it('leaves out writes and tools that need the field themselves', () => {
    expect(table.readersOf('list_id', HERE)).toEqual([]);
    // `check` reads, `modify` writes (see toolActionOf).
    expect(table.readersOf('username', HERE)).toEqual(['CheckToken']);
    expect(table.readersOf('total', HERE)).toEqual(['list_orders']);
  });
});

describe('requiredIdentifierInputs', () => {
  it('keeps required inputs whose last word is id, ids, uuid, guid or token', () => {
    const needs = tool('x', {
      required: ['token', 'user_id', 'orderID', 'access_token', 'idea', 'time', 'tokens'],
    });
    expect(requiredIdentifierInputs(needs)).toEqual(['token', 'user_id', 'orderID', 'access_token']);
  });
});

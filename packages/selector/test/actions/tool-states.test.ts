import { describe, expect, it } from 'vitest';
import { toolStates } from '../../src/actions/tool-states.js';

const withProperties = (properties: Record<string, unknown>) => ({
  parameters: { type: 'object', properties },
});

describe('toolStates', () => {
  it.each([
    {
      name: 'a `state` enum, by stem',
      properties: { state: { type: 'string', enum: ['open', 'closed'] } },
      expected: { open: 'open', close: 'closed' },
    },
    {
      name: 'a `status`, a `*_state`, an array of states',
      properties: {
        status: { type: 'string', enum: ['RUNNING', 'stopped'] },
        issue_state: { type: 'string', enum: ['merged'] },
        states: { type: 'array', items: { type: 'string', enum: ['draft'] } },
      },
      expected: { run: 'RUNNING', stop: 'stopped', merg: 'merged', draft: 'draft' },
    },
    {
      name: 'one-word string values only',
      properties: { state: { enum: ['not_planned', 'in progress', 1, 'done'] } },
      expected: { done: 'done' },
    },
    {
      name: 'nothing from other parameters, or a state without an enum',
      properties: {
        sort: { type: 'string', enum: ['created', 'updated'] },
        state: { type: 'string' },
        statement: { type: 'string', enum: ['open'] },
      },
      expected: {},
    },
  ])('$name', ({ properties, expected }) => {
    expect(Object.fromEntries(toolStates(withProperties(properties)))).toEqual(expected);
  });

  it('reads nothing from a schema without properties', () => {
    expect(toolStates({ parameters: { type: 'object' } }).size).toBe(0);
  });
});

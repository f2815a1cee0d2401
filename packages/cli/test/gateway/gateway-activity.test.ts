import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from 'vitest';
import { createGatewayActivity, MAX_RECORDED_TEXT } from '../../src/gateway/gateway-activity.js';
import type { GatewaySearchAnswer } from '../../src/gateway/search-gateway.js';

const ANSWER: GatewaySearchAnswer = {
  tools: [],
  unavailable: [{ id: 'mail__send', name: 'mail__send', reasons: [] }],
  stale: [{ server: 'notes', reason: 'announced a new tool list 2.0 s ago and has not sent it yet' }],
  warnings: [],
};
const OK: CallToolResult = { content: [{ type: 'text', text: 'done' }] };
const FAILED: CallToolResult = {
  content: [{ type: 'text', text: 'The upstream server "mail" failed' }],
  isError: true,
};

test('the latest searches and calls are kept, newest first, at most `max` of each', () => {
  const activity = createGatewayActivity({ max: 2 });
  for (const query of ['first', 'second', 'third'])
    activity.searched({ query, k: 5, answer: ANSWER, ms: 12 });
  activity.called({ name: 'notes__create', result: OK, ms: 3 });
  activity.called({ name: 'mail__send', result: FAILED, ms: 4 });
  const { searches, calls } = activity.recent();
  expect(searches.map((search) => search.query)).toEqual(['third', 'second']);
  expect(searches[0]).toMatchObject({
    k: 5,
    tools: [],
    unavailable: ['mail__send'],
    stale: ['notes'],
    ms: 12,
  });
  expect(calls).toMatchObject([
    { name: 'mail__send', isError: true, error: 'The upstream server "mail" failed', ms: 4 },
    { name: 'notes__create', isError: false, ms: 3 },
  ]);
  expect(calls[1]).not.toHaveProperty('error');
});

test('a query is kept redacted, then cut', () => {
  const activity = createGatewayActivity();
  const key = `sk-proj-${'a1B2c3D4'.repeat(6)}`;
  activity.searched({
    query: `use ${key} then ${'x'.repeat(2 * MAX_RECORDED_TEXT)}`,
    k: 5,
    answer: ANSWER,
    ms: 1,
  });
  const [search] = activity.recent().searches;
  expect(search?.query).not.toContain(key);
  expect(search?.query.startsWith('use [REDACTED] then x')).toBe(true);
  expect(search?.query).toHaveLength(MAX_RECORDED_TEXT + 1);
});

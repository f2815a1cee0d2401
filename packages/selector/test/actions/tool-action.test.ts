import type { Tool } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { nameNamespaces, toolActionOf } from '../../src/actions/tool-action.js';
import { ACTION_SHARE_SAMPLE, createToolActionTable } from '../../src/actions/tool-action-table.js';
import { makeTool } from '../fixtures/make-tool.js';

describe('toolActionOf', () => {
  it.each([
    {
      name: 'tmdb:GET /movie/{movie_id}/credits',
      expected: { action: 'read', source: 'route', word: 'GET' },
    },
    { name: 'spotify:PUT /me/player/pause', expected: { action: 'update', source: 'route', word: 'PUT' } },
    { name: 'DELETE /v1/users/{id}', expected: { action: 'delete', source: 'route', word: 'DELETE' } },
    { name: 'create_or_update_file', expected: { action: 'create', source: 'name', word: 'create' } },
    { name: 'Cocktails::Search by name', expected: { action: 'read', source: 'name', word: 'search' } },
    { name: 'github__delete_file', expected: { action: 'delete', source: 'name', word: 'delete' } },
    {
      name: 'user_api.UserApi.delete_ldap_user',
      expected: { action: 'delete', source: 'name', word: 'delete' },
    },
    { name: 'AddAlarm', expected: { action: 'create', source: 'name', word: 'add' } },
    { name: 'send_email_smtp', expected: { action: 'write', source: 'name', word: 'send' } },
    // Inflected verbs, as in prompts: folded by the stemmer.
    { name: 'applies_coupon', expected: { action: 'create', source: 'name', word: 'applies' } },
    { name: 'cancelled_orders', expected: { action: 'delete', source: 'name', word: 'cancelled' } },
  ])('$name: $expected.action from its $expected.source', ({ name, expected }) => {
    expect(toolActionOf({ name })).toEqual(expected);
  });

  it.each([
    // Nouns and adjectives that look like verbs, a verb of two actions, no verb at all.
    'BookTool',
    'NewsTool',
    'ProductSearch',
    'set_volume',
    'weather_forecast',
  ])('%s says nothing about its action', (name) => {
    expect(toolActionOf({ name })).toBeUndefined();
  });

  it("takes MCP's readOnlyHint over what the name says: the tool's own word", () => {
    expect(toolActionOf({ name: 'create_report_preview', annotations: { readOnlyHint: true } })?.action).toBe(
      'read',
    );
    // Not read-only though its name starts with `get`: it writes (the id-provider rule relies on this).
    expect(toolActionOf({ name: 'get_or_create_session', annotations: { readOnlyHint: false } })).toEqual({
      action: 'write',
      source: 'annotations',
      word: 'readOnlyHint',
    });
  });

  it('falls back on MCP readOnlyHint when the name has no verb', () => {
    expect(toolActionOf({ name: 'issue_read_all', annotations: { readOnlyHint: true } })).toEqual({
      action: 'read',
      source: 'annotations',
      word: 'readOnlyHint',
    });
    // Not read-only, but which write is unsaid.
    expect(toolActionOf({ name: 'issue_write', annotations: { readOnlyHint: false } })).toEqual({
      action: 'write',
      source: 'annotations',
      word: 'readOnlyHint',
    });
    // The name's verb comes first.
    expect(toolActionOf({ name: 'delete_file', annotations: { readOnlyHint: false } })?.action).toBe(
      'delete',
    );
  });
});

describe('name namespaces', () => {
  it('finds the words that open three or more names, verbs aside', () => {
    const names = [
      'github-create-issue',
      'github-list-issues',
      'github-get-repo',
      'gmail-send-email',
      'get_user',
      'get_file',
      'get_x',
      'getUser',
    ];
    expect([...nameNamespaces(names)]).toEqual(['github']);
  });

  it('reads the verb after a namespace', () => {
    const namespaces = new Set(['github', 'issue']);
    expect(toolActionOf({ name: 'github-create-issue' }, namespaces)).toMatchObject({
      action: 'create',
      word: 'create',
    });
    expect(toolActionOf({ name: 'github-create-issue' })).toBeUndefined();
    expect(toolActionOf({ name: 'issue_read' }, namespaces)).toMatchObject({ action: 'read' });
    // `write` creates or updates: no single action.
    expect(toolActionOf({ name: 'issue_write' }, namespaces)).toBeUndefined();
  });
});

describe('createToolActionTable', () => {
  const tableOf = (tools: Tool[]) =>
    createToolActionTable({ tools, tool: (id) => tools.find((tool) => tool.id === id) });

  it("knows the share of tools that say what they do, and each one's action", () => {
    const table = tableOf(
      ['get_file', 'delete_file', 'BookTool', 'NewsTool'].map((id) => makeTool({ id, description: id })),
    );
    expect(table.knownShare).toBe(0.5);
    expect(table.actionOf('delete_file')?.action).toBe('delete');
    expect(table.actionOf('BookTool')).toBeUndefined();
    expect(table.actionOf('no_such_tool')).toBeUndefined();
    expect(tableOf([]).knownShare).toBe(0);
  });

  it('knows the actions of service-first names (Matimo)', () => {
    const table = tableOf(
      ['slack-send-message', 'slack-list-channels', 'slack-delete-message', 'stripe-charge-card'].map((id) =>
        makeTool({ id, description: id }),
      ),
    );
    expect(table.actionOf('slack-delete-message')?.action).toBe('delete');
    expect(table.actionOf('slack-list-channels')?.action).toBe('read');
    expect(table.actionOf('slack-send-message')?.action).toBe('write');
    // `stripe` opens one name only: no namespace, and `stripe-charge-card` says nothing.
    expect(table.actionOf('stripe-charge-card')).toBeUndefined();
    expect(table.knownShare).toBe(0.75);
  });

  it('counts the share on an evenly spaced sample of a large catalog', () => {
    // Every fourth tool deletes: the sample of a third of them sees about a quarter too (not 1 in 3 or 0).
    const tools = Array.from({ length: 3 * ACTION_SHARE_SAMPLE }, (_, index) =>
      makeTool({ id: index % 4 === 0 ? `delete_${index}` : `Tool${index}`, description: 'x' }),
    );
    expect(Math.abs(tableOf(tools).knownShare - 0.25)).toBeLessThan(0.02);
    expect(tableOf(tools).actionOf('delete_8')?.action).toBe('delete');
  });
});

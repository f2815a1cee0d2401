import { describe, expect, it } from 'vitest';
import { paularlottLoader } from '../../../src/loaders/formats/paularlott.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText } from './load-fixture.js';

describe('paularlottLoader', () => {
  it('names the tool after the file and maps description, keywords, requires_approval, discoverable', () => {
    const loaded = loadFixture(paularlottLoader, 'paularlott/execute_query.toml');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.tools[0]).toMatchObject({
      id: 'execute_query',
      name: 'execute_query',
      description: 'Run a read-only SQL query against the reporting database',
      keywords: ['sql', 'query', 'database', 'report'],
      requiresApproval: true,
      source: { format: 'paularlott', file: 'paularlott/execute_query.toml', pointer: '' },
      extensions: { paularlott: { discoverable: true } },
    });
  });

  it('converts every documented parameter type, and unknown types to string', () => {
    const [tool] = loadFixture(paularlottLoader, 'paularlott/execute_query.toml').tools;
    const properties = tool?.parameters.properties as Record<string, Record<string, unknown>>;
    const types = Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [
        name,
        [schema.type, (schema.items as { type?: string })?.type],
      ]),
    );
    expect(types).toEqual({
      sql: ['string', undefined],
      limit: ['integer', undefined],
      page: ['integer', undefined],
      timeout: ['number', undefined],
      sample_rate: ['number', undefined],
      explain: ['boolean', undefined],
      cached: ['boolean', undefined],
      columns: ['array', 'string'],
      ids: ['array', 'integer'],
      shard_ids: ['array', 'integer'],
      weights: ['array', 'number'],
      thresholds: ['array', 'number'],
      flags: ['array', 'boolean'],
      masks: ['array', 'boolean'],
      format: ['string', undefined],
    });
    expect(properties.sql).toEqual({ type: 'string', description: 'The SELECT statement to run' });
    expect(tool?.parameters.required).toEqual(['sql']);
  });

  it('reads the JSON form', () => {
    const loaded = loadFixture(paularlottLoader, 'paularlott/list_calendars.json');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.tools[0]).toMatchObject({
      id: 'list_calendars',
      keywords: ['calendar', 'list'],
      parameters: {
        type: 'object',
        properties: {
          include_shared: { type: 'boolean', description: 'Also list calendars shared with the user' },
          owner: { type: 'string', description: 'Only calendars of this owner' },
        },
        required: ['owner'],
      },
      extensions: { paularlott: { discoverable: false } },
    });
  });

  it('reads keys case-insensitively and the legacy [parameters.<name>] table form; keeps unknown keys', () => {
    const loaded = loadFixture(paularlottLoader, 'paularlott/legacy_lookup.toml');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.tools[0]).toMatchObject({
      id: 'legacy_lookup',
      description: 'Look up a customer by email address',
      keywords: ['customer', 'crm', 'lookup'],
      requiresApproval: false,
      parameters: {
        type: 'object',
        properties: {
          email: { type: 'string', description: 'Customer email' },
          include_orders: { type: 'boolean', description: 'Also return recent orders' },
        },
        required: ['email'],
      },
      extensions: { paularlott: { discoverable: true, category: 'crm' } },
    });
  });

  it('reports a file with [[arguments]] as a prompt, not a tool', () => {
    const loaded = loadFixture(paularlottLoader, 'paularlott/summarize_prompt.toml');
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics).toEqual([
      {
        code: 'NOT_A_TOOL',
        severity: 'warning',
        file: 'paularlott/summarize_prompt.toml',
        pointer: '/arguments',
        message:
          '"summarize_prompt" declares [[arguments]]: it is an MCP prompt definition, not a tool; skipped.',
      },
    ]);
  });

  it('reports wrong types and parameter entries without a name, and loads the rest', () => {
    const text =
      'description = "x"\nkeywords = 42\n[[parameters]]\ntype = "string"\n[[parameters]]\nname = "ok"\n';
    const loaded = loadText(paularlottLoader, 'odd_tool.toml', text);
    expect(loaded.diagnostics.map(({ code, pointer, message }) => ({ code, pointer, message }))).toEqual([
      {
        code: 'METADATA_INVALID',
        pointer: '/parameters/0',
        message: 'Expected a parameter object with a name at /parameters/0, found an object.',
      },
      {
        code: 'METADATA_INVALID',
        pointer: '/keywords',
        message: 'Expected a list of strings at /keywords, found number 42.',
      },
    ]);
    expect(loaded.tools[0]).toMatchObject({
      id: 'odd_tool',
      parameters: { properties: { ok: { type: 'string' } } },
    });
  });

  it.each([
    ['a TOML file', 'a.toml', 'description = "x"', 0.9],
    ['a TOML prompt', 'a.toml', 'description = "x"\n[[arguments]]\nname = "y"', 0.9],
    ['the JSON form', 'a.json', '{"description": "x", "parameters": [{"name": "y"}]}', 0.75],
    ['JSON with a name (OpenAI)', 'a.json', '{"name": "a", "description": "x"}', 0],
    ['JSON with unrelated keys', 'a.json', '{"title": "x", "version": 1}', 0],
  ])('detects %s', (_label, file, text, confidence) => {
    expect(paularlottLoader.detect(parseTestDocument(file, text))).toBeCloseTo(confidence);
  });
});

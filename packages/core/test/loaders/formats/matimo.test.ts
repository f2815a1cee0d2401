import { describe, expect, it } from 'vitest';
import { matimoLoader } from '../../../src/loaders/formats/matimo.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText } from './load-fixture.js';

describe('matimoLoader', () => {
  const calendar = loadFixture(matimoLoader, 'matimo/calendar-create-event/definition.yaml');
  const [tool] = calendar.tools;

  it('maps name, description, version, tags, requires_approval and risk', () => {
    expect(calendar.diagnostics).toEqual([]);
    expect(tool).toMatchObject({
      id: 'calendar-create-event',
      name: 'calendar-create-event',
      description: 'Create an event in a shared team calendar',
      version: '2.0.1',
      tags: ['calendar', 'scheduling'],
      requiresApproval: true,
      risk: 'medium',
      source: {
        format: 'matimo',
        file: 'matimo/calendar-create-event/definition.yaml',
        pointer: '',
        line: 1,
      },
    });
  });

  it('builds parameters from per-parameter required, default, enum, validation and object properties', () => {
    expect(tool?.parameters).toEqual({
      type: 'object',
      properties: {
        calendar_id: {
          type: 'string',
          description: 'Calendar to add the event to',
          minLength: 3,
          maxLength: 64,
          pattern: '^[a-z0-9-]+$',
        },
        title: { type: 'string', description: 'Event title' },
        duration_minutes: {
          type: 'number',
          description: 'Length of the event in minutes',
          default: 30,
          minimum: 5,
          maximum: 480,
        },
        all_day: { type: 'boolean', description: 'Block the whole day', default: false },
        visibility: {
          type: 'string',
          description: 'Who can see the event',
          enum: ['public', 'private', 'busy-only'],
        },
        attendees: {
          type: 'array',
          description: 'Email addresses to invite',
          items: {},
          minItems: 1,
          maxItems: 50,
        },
        reminder: {
          type: 'object',
          description: 'Reminder settings',
          properties: { minutes_before: { type: 'number' }, method: { type: 'string' } },
        },
      },
      required: ['calendar_id', 'title'],
    });
  });

  it('keeps output_schema as the result', () => {
    expect(tool?.result).toEqual({
      type: 'object',
      properties: {
        event_id: { type: 'string' },
        starts_at: { type: 'string' },
        attendees: {
          type: 'array',
          items: { type: 'object', properties: { email: { type: 'string' }, status: { type: 'string' } } },
        },
      },
      required: ['event_id', 'starts_at'],
    });
  });

  it('turns examples into examples with input and output', () => {
    expect(tool?.examples).toEqual([
      {
        name: 'Team sync',
        description: 'A recurring half-hour meeting',
        input: { calendar_id: 'team-core', title: 'Weekly sync', duration_minutes: 30 },
        output: { event_id: 'ev_1', starts_at: '2026-01-05T10:00:00Z' },
      },
    ]);
  });

  it('turns authentication and execution.auth secret env vars into one prerequisite', () => {
    expect(tool?.prerequisites).toEqual([
      {
        name: 'api_key credentials',
        envVars: ['CALENDAR_API_KEY', 'CALENDAR_TOKEN'],
        configKeys: [],
        requiredFor: [],
        howToGet: 'Set CALENDAR_API_KEY, CALENDAR_TOKEN in the environment.',
      },
    ]);
  });

  it('keeps execution, authentication, error_handling, status and notes under extensions.matimo', () => {
    expect(tool?.extensions.matimo).toEqual({
      status: 'approved',
      execution: {
        type: 'http',
        method: 'POST',
        url: 'https://calendar.example.com/v1/calendars/{calendar_id}/events',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer {CALENDAR_TOKEN}' },
        auth: { type: 'bearer', secret_env_var: 'CALENDAR_TOKEN' },
        timeout_ms: 10000,
      },
      authentication: {
        type: 'api_key',
        location: 'header',
        name: 'X-Calendar-Key',
        secret_env_var: 'CALENDAR_API_KEY',
      },
      error_handling: { retry: 3, backoff_type: 'exponential', initial_delay_ms: 500, max_delay_ms: 8000 },
      notes: { caution: 'Events in the past are rejected.' },
    });
  });

  it('reads command and script executions, array output schemas and `parameters: {}`', () => {
    const disk = loadFixture(matimoLoader, 'matimo/disk-usage.yaml').tools[0];
    expect(disk?.parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Folder to measure' },
        depth: { type: 'number', description: 'How many levels to list', default: 1 },
      },
      required: ['path'],
    });
    expect(disk?.result).toEqual({
      type: 'array',
      items: { type: 'object', properties: { size: { type: 'string' }, path: { type: 'string' } } },
    });
    expect(disk?.extensions.matimo?.execution).toMatchObject({
      type: 'command',
      command: 'du',
      env: { LC_ALL: 'C' },
    });
    const words = loadFixture(matimoLoader, 'matimo/word-count.yaml').tools[0];
    expect(words?.parameters).toEqual({ type: 'object', properties: {} });
    expect(words?.prerequisites).toEqual([]);
    expect(words?.extensions.matimo?.execution).toMatchObject({ type: 'script', language: 'javascript' });
  });

  it('reports a provider file as NOT_A_TOOL and returns no tool', () => {
    const loaded = loadFixture(matimoLoader, 'matimo/mail-provider/definition.yaml');
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics).toEqual([
      {
        code: 'NOT_A_TOOL',
        severity: 'warning',
        file: 'matimo/mail-provider/definition.yaml',
        pointer: '',
        line: 1,
        column: 1,
        message: '"mail-provider" is a Matimo provider definition (type: provider), not a tool; skipped.',
      },
    ]);
  });

  it('skips optional authentication, reads env names from notes, and accepts `input`/`output` schemas', () => {
    const text = [
      'name: repo-info',
      'description: Public repository facts',
      'input: { type: object, properties: { repo: { type: string } }, required: [repo] }',
      'output: { type: object, properties: { stars: { type: number } } }',
      'execution: { type: function, code: ./index.ts }',
      'authentication: { type: bearer, notes: { env: GH_TOKEN, optional: Public repos need no token } }',
    ].join('\n');
    const [info] = loadText(matimoLoader, 'repo-info.yaml', text).tools;
    expect(info?.prerequisites).toEqual([]);
    expect(info?.parameters).toEqual({
      type: 'object',
      properties: { repo: { type: 'string' } },
      required: ['repo'],
    });
    expect(info?.result).toEqual({ type: 'object', properties: { stars: { type: 'number' } } });
    const required = loadText(
      matimoLoader,
      'b.yaml',
      'name: b\nexecution: {type: http}\nnotes: {env: [B_KEY, B_SECRET]}',
    );
    expect(required.tools[0]?.prerequisites).toMatchObject([
      { name: 'credentials', envVars: ['B_KEY', 'B_SECRET'] },
    ]);
  });

  it('reads env vars from UPPER_SNAKE placeholders that are not parameters, and oauth2 providers as grants', () => {
    const text = [
      'name: crm-get',
      'parameters: { ID: { type: string, required: true } }',
      "execution: { type: http, url: 'https://crm.example.com/{ID}', headers: { Authorization: 'Bearer {CRM_KEY}' } }",
      'authentication: { type: bearer, location: header, name: Authorization }',
    ].join('\n');
    expect(loadText(matimoLoader, 'crm.yaml', text).tools[0]?.prerequisites).toEqual([
      {
        name: 'bearer credentials',
        envVars: ['CRM_KEY'],
        configKeys: [],
        requiredFor: [],
        howToGet: 'Set CRM_KEY in the environment.',
      },
    ]);
    const oauth =
      'name: mail-read\nexecution: {type: http}\nauthentication: {type: oauth2, provider: google, scopes: [mail.read]}';
    expect(loadText(matimoLoader, 'mail.yaml', oauth).tools[0]?.prerequisites).toEqual([
      {
        name: 'google OAuth',
        oauth: 'google',
        envVars: [],
        configKeys: [],
        requiredFor: [],
        howToGet: 'Authorize google through OAuth 2 with scopes mail.read.',
      },
    ]);
  });

  it('reports wrong types with their line and keeps loading the tool', () => {
    const text = 'name: c\nexecution: {type: http}\ntags: 42\nrisk: extreme\nparameters: "x"\n';
    const loaded = loadText(matimoLoader, 'c.yaml', text);
    expect(
      loaded.diagnostics.map(({ code, pointer, line, message }) => ({ code, pointer, line, message })),
    ).toEqual([
      {
        code: 'METADATA_INVALID',
        pointer: '/parameters',
        line: 5,
        message: 'Expected a list or map of parameters at /parameters, found string "x".',
      },
      {
        code: 'METADATA_INVALID',
        pointer: '/tags',
        line: 3,
        message: 'Expected a list of strings at /tags, found number 42.',
      },
      {
        code: 'METADATA_INVALID',
        pointer: '/risk',
        line: 4,
        message: 'Expected one of low, medium, high, critical at /risk, found string "extreme".',
      },
    ]);
    expect(loaded.tools[0]).toMatchObject({
      id: 'c',
      tags: [],
      parameters: { type: 'object', properties: {} },
    });
    expect(loaded.tools[0]?.risk).toBeUndefined();
  });

  it('skips a definition without a name, with an error', () => {
    const loaded = loadText(matimoLoader, 'd.yaml', 'description: nameless\nexecution: {type: http}\n');
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics[0]).toMatchObject({
      code: 'METADATA_INVALID',
      severity: 'error',
      message: 'Matimo definition needs a "name" (a string); the tool is skipped.',
    });
  });

  it.each([
    ['execution', 'name: a\nexecution: {type: http}', 0.9],
    ['a provider', 'name: a\ntype: provider', 0.9],
    ['output_schema only', 'name: a\noutput_schema: {type: object}', 0.8],
    ['per-parameter required', 'name: a\nparameters: {x: {type: string, required: true}}', 0.6],
    ['self-describing metadata', 'name: a\nuse_cases: []\nexecution: {type: http}', 0],
    ['an MCP tool with an execution', 'name: a\ninputSchema: {}\nexecution: {taskSupport: forbidden}', 0],
  ])('detects %s', (_label, text, confidence) => {
    expect(matimoLoader.detect(parseTestDocument('tool.yaml', text))).toBeCloseTo(confidence);
  });
});

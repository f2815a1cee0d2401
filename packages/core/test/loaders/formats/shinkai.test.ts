import { describe, expect, it } from 'vitest';
import { shinkaiLoader } from '../../../src/loaders/formats/shinkai.js';
import { loadFixture, loadText } from './load-fixture.js';

describe('shinkaiLoader', () => {
  const weather = loadFixture(shinkaiLoader, 'shinkai/weather-forecast/metadata.json');
  const [tool] = weather.tools;

  it('maps identity fields; the id comes from the folder of a metadata.json without id', () => {
    expect(weather.diagnostics).toEqual([]);
    expect(weather.tools).toHaveLength(1);
    expect(tool).toMatchObject({
      id: 'weather-forecast',
      name: 'Weather Forecast',
      title: 'Weather Forecast',
      version: '1.2.0',
      description: 'Fetches a multi-day weather forecast for a city and summarises it.',
      author: '@@toolsift.example',
      homepage: 'https://example.org/tools/weather-forecast',
      license: 'MIT',
      keywords: ['weather', 'forecast', 'temperature', 'rain'],
      source: { format: 'shinkai', file: 'shinkai/weather-forecast/metadata.json', pointer: '' },
    });
  });

  it('normalises parameters: string defaults coerced, nullable as a null type, items and nested objects', () => {
    expect(tool?.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City to forecast' },
        days: { type: 'number', description: 'How many days ahead', default: 3 },
        include_hourly: { type: 'boolean', description: 'Add hourly detail', default: false },
        alerts: {
          type: 'array',
          description: 'Alert levels to report',
          items: { type: 'string', enum: ['watch', 'warning', 'emergency'] },
        },
        location: {
          type: ['object', 'null'],
          description: 'Exact coordinates instead of a city',
          properties: {
            lat: { type: 'number', description: 'Latitude' },
            lon: { type: 'number', description: 'Longitude' },
          },
          required: ['lat', 'lon'],
        },
      },
      required: ['city'],
    });
  });

  it('maps result to result', () => {
    expect(tool?.result).toEqual({
      type: 'object',
      properties: {
        summary: { type: 'string', description: 'One paragraph summary' },
        daily: {
          type: 'array',
          description: 'One entry per day',
          items: {
            type: 'object',
            properties: { date: { type: 'string' }, high: { type: 'number' }, low: { type: 'number' } },
          },
        },
        warning: { type: ['string', 'null'], description: 'Severe weather warning, if any' },
      },
      required: ['summary', 'daily'],
    });
  });

  it('turns tools router keys into dependsOn', () => {
    expect(tool?.dependsOn).toEqual([
      'local:::__toolsift_example:::llm_summarizer',
      'local:::__toolsift_example:::geocoder',
    ]);
  });

  it('turns required configurations, oauth and operating_system into prerequisites', () => {
    expect(tool?.prerequisites).toEqual([
      {
        name: 'Weather Forecast configuration',
        envVars: [],
        configKeys: ['api_key'],
        requiredFor: [],
        howToGet: 'Provide the tool configuration: api_key (Key for the forecast service).',
      },
      {
        name: 'OAuth: WeatherCloud',
        envVars: [],
        configKeys: [],
        requiredFor: [],
        oauth: 'WeatherCloud',
        howToGet: 'Authorize WeatherCloud through OAuth 2.0.',
      },
      {
        name: 'Operating system',
        envVars: [],
        configKeys: [],
        requiredFor: [],
        operatingSystems: ['linux', 'darwin', 'win32'],
        howToGet: 'Run on linux, macos, windows.',
      },
    ]);
  });

  it('keeps everything else, oauth secrets included, under extensions.shinkai', () => {
    const extension = tool?.extensions.shinkai ?? {};
    expect(Object.keys(extension).sort()).toEqual(
      [
        'activated',
        'assets',
        'configurations',
        'file_inbox',
        'oauth',
        'operating_system',
        'runner',
        'sqlQueries',
        'sqlTables',
        'tool_set',
        'tool_type',
      ].sort(),
    );
    expect(extension).toMatchObject({
      tool_type: 'typescript',
      runner: 'any',
      tool_set: 'weather',
      assets: ['icons/cloud.png'],
      file_inbox: false,
      activated: true,
      sqlTables: [{ name: 'forecast_cache', definition: expect.stringContaining('CREATE TABLE') }],
      sqlQueries: [{ name: 'latest for city', query: expect.stringContaining('SELECT body') }],
    });
    expect((extension.oauth as Record<string, unknown>[])[0]).toMatchObject({
      clientId: 'client-123',
      clientSecret: 'not-a-real-secret',
      scopes: ['forecast.read'],
      pkceType: 'S256',
      requestTokenAuthHeader: 'basic',
    });
    expect((extension.configurations as { properties: Record<string, unknown> }).properties.units).toEqual({
      type: 'string',
      description: 'Unit system',
      default: 'metric',
      enum: ['metric', 'imperial'],
    });
  });

  it('reads the snake_case SQL keys, homepage, an explicit id, `configurations: []` and `oauth: null`', () => {
    const loaded = loadFixture(shinkaiLoader, 'shinkai/send-email.json');
    expect(loaded.diagnostics).toEqual([]);
    const [email] = loaded.tools;
    expect(email).toMatchObject({
      id: 'smtp-send-email',
      name: 'Send Email',
      homepage: 'https://example.org/tools/send-email',
    });
    expect(email?.prerequisites).toEqual([]);
    expect(email?.dependsOn).toEqual([]);
    expect(email?.extensions.shinkai).toEqual({
      configurations: [],
      sql_tables: [
        { name: 'outbox', definition: 'CREATE TABLE outbox (id INTEGER PRIMARY KEY, sent_at TEXT)' },
      ],
      sql_queries: [{ name: 'count sent', query: 'SELECT COUNT(*) FROM outbox' }],
      oauth: null,
    });
  });

  it('takes the file stem as id when the file is not metadata.json', () => {
    const loaded = loadText(
      shinkaiLoader,
      'tools/translate.json',
      '{"name": "Translate", "configurations": {}}',
    );
    expect(loaded.tools[0]).toMatchObject({
      id: 'translate',
      parameters: { type: 'object', properties: {} },
    });
  });

  it('reports a wrong type in a known field and still loads the rest', () => {
    const loaded = loadText(
      shinkaiLoader,
      'x/metadata.json',
      '{"name": "Bad", "keywords": 42, "configurations": {}}',
    );
    expect(loaded.diagnostics).toEqual([
      {
        code: 'METADATA_INVALID',
        severity: 'error',
        file: 'x/metadata.json',
        pointer: '/keywords',
        message: 'Expected a list of strings at /keywords, found number 42.',
      },
    ]);
    expect(loaded.tools[0]).toMatchObject({ id: 'x', name: 'Bad', keywords: [] });
  });

  it('skips a tool without a name, with an error', () => {
    const loaded = loadText(
      shinkaiLoader,
      'a/metadata.json',
      '{"description": "no name", "configurations": {}}',
    );
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics).toMatchObject([
      {
        code: 'METADATA_INVALID',
        severity: 'error',
        pointer: '',
        message: 'Shinkai metadata needs a "name" (a string); the tool is skipped.',
      },
    ]);
  });

  it.each([
    ['configurations', '{"name": "A", "configurations": {}}', 0.85],
    ['router keys', '{"name": "A", "tools": ["local:::x:::y"]}', 0.85],
    ['result + parameters', '{"name": "A", "parameters": {}, "result": {}}', 0.85],
    ['a Matimo definition', '{"name": "a", "execution": {"type": "http"}, "oauth": null}', 0],
    ['an OpenAI definition', '{"name": "a", "parameters": {"type": "object"}}', 0],
  ])('detects %s', (_label, text, confidence) => {
    const document = {
      file: 'x.json',
      syntax: 'json' as const,
      data: JSON.parse(text),
      locate: () => undefined,
    };
    expect(shinkaiLoader.detect(document)).toBeCloseTo(confidence);
  });
});

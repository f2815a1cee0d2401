import { describe, expect, it } from 'vitest';
import { openAiLoader } from '../../../src/loaders/formats/openai.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText, toolById } from './load-fixture.js';

describe('openAiLoader', () => {
  it('reads wrapped definitions; strict goes to the extension as part of the wrapper', () => {
    const loaded = loadFixture(openAiLoader, 'openai/payments.json');
    expect(loaded.diagnostics).toEqual([]);
    expect(toolById(loaded, 'create_refund')).toMatchObject({
      name: 'create_refund',
      description: 'Refund all or part of a card payment.',
      source: { format: 'openai', file: 'openai/payments.json', pointer: '/0/function' },
      parameters: {
        type: 'object',
        properties: { amount: { type: ['number', 'null'] } },
        required: ['payment_id', 'amount'],
        additionalProperties: false,
      },
      extensions: { openai: { strict: true } },
    });
    expect(toolById(loaded, 'list_payments').extensions).toEqual({});
  });

  it("normalises BFCL's dict, float, any, tuple, String, Boolean and string defaults; response is the result", () => {
    const [tool] = loadFixture(openAiLoader, 'openai/geo-distance.json').tools;
    expect(tool).toMatchObject({ id: 'geo.distance', name: 'geo.distance', source: { pointer: '' } });
    expect(tool?.parameters).toEqual({
      type: 'object',
      properties: {
        origin: { type: 'array', description: 'Latitude and longitude', items: { type: 'number' } },
        destination: { type: 'array', description: 'Latitude and longitude', items: {} },
        unit: { type: 'string', description: 'km or mi', default: 'km' },
        round: { type: 'boolean', description: 'Round to whole units', default: true },
        precision: { type: 'integer', description: 'Decimal places', default: 2 },
        extra: { description: 'Passed through untouched' },
        options: {
          type: 'object',
          description: 'Advanced options',
          properties: { ellipsoid: { type: 'string', enum: ['WGS84', 'GRS80'] } },
        },
      },
      required: ['origin', 'destination'],
    });
    expect(tool?.result).toEqual({ type: 'object', properties: { distance: { type: 'number' } } });
  });

  it('reads JSON Lines of bare definitions; ids are the names exactly as written; extras are kept', () => {
    const loaded = loadFixture(openAiLoader, 'openai/bench-tools.jsonl');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.tools.map((tool) => tool.id)).toEqual([
      'WeatherNow::current',
      'Currency Rates',
      'tmdb:GET /movie/{movie_id}',
    ]);
    expect(loaded.tools[0]).toMatchObject({
      category: 'Weather',
      source: { pointer: '/0', line: 1 },
      extensions: { openai: { tool_name: 'WeatherNow', method: 'GET' } },
    });
    expect(loaded.tools[1]).toMatchObject({
      parameters: { type: 'object', properties: {} },
      source: { pointer: '/1', line: 2 },
      extensions: { openai: { id: 17, server: 'finance-mcp' } },
    });
    expect(loaded.tools[2]?.parameters).toEqual({
      type: 'object',
      properties: { movie_id: { type: 'integer', in: 'path' } },
      required: ['movie_id'],
    });
  });

  it("reads API-Bank's output_parameters map (or a schema there) as the result, and reports one that is not a map", () => {
    const loaded = loadFixture(openAiLoader, 'openai/output-parameters.jsonl');
    expect(loaded.tools[0]?.result).toEqual({
      type: 'object',
      properties: {
        session: { type: 'string', description: 'The session handle.' },
        expires: { type: 'integer' },
      },
    });
    expect(loaded.tools[0]?.extensions).toEqual({});
    expect(loaded.tools[1]?.result).toBeUndefined();
    expect(loaded.tools[2]?.result).toEqual({ type: 'object', properties: { user_id: { type: 'string' } } });
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: 'METADATA_INVALID', pointer: '/1/output_parameters', line: 2 }),
    ]);
  });

  it('reads BFCL test cases: the same definition is one tool, a different one with the same name gets the case id', () => {
    const loaded = loadFixture(openAiLoader, 'openai/bfcl-cases.jsonl');
    expect(loaded.diagnostics).toEqual([]);
    expect(
      loaded.tools.map((tool) => [tool.id, tool.name, tool.source.pointer, tool.extensions.openai]),
    ).toEqual([
      ['get_weather', 'get_weather', '/0/function/0', { test_cases: ['case_0', 'case_1'] }],
      ['get_weather@case_2', 'get_weather', '/2/function/0', { test_cases: ['case_2'] }],
      ['convert_temperature', 'convert_temperature', '/2/function/1', { test_cases: ['case_2'] }],
    ]);
  });

  it('reads a Chat Completions request body ({tools: [...]})', () => {
    const loaded = loadFixture(openAiLoader, 'openai/chat-request.json');
    expect(loaded.tools).toHaveLength(1);
    expect(loaded.tools[0]).toMatchObject({
      id: 'send_sms',
      source: { pointer: '/tools/0/function' },
      parameters: { properties: { text: { type: 'string', maxLength: 160 } }, required: ['to', 'text'] },
    });
  });

  it('skips a definition without a name and reports a wrong parameters type, keeping the others', () => {
    const text = JSON.stringify([
      { description: 'no name' },
      { name: 'p', parameters: 'x' },
      { name: 'q', description: 'fine' },
    ]);
    const loaded = loadText(openAiLoader, 'defs.json', text);
    expect(
      loaded.diagnostics.map(({ severity, pointer, message }) => ({ severity, pointer, message })),
    ).toEqual([
      {
        severity: 'error',
        pointer: '/0',
        message: 'Function definition needs a "name" (a string); it is skipped.',
      },
      {
        severity: 'error',
        pointer: '/1/parameters',
        message: 'Expected a JSON Schema object at /1/parameters, found string "x".',
      },
    ]);
    expect(loaded.tools.map((tool) => [tool.id, tool.parameters])).toEqual([
      ['p', { type: 'object', properties: {} }],
      ['q', { type: 'object', properties: {} }],
    ]);
  });

  it.each([
    ['a wrapped definition', 'x.json', { type: 'function', function: { name: 'a' } }, 0.95],
    ['a bare definition', 'x.json', { name: 'a', parameters: { type: 'object' } }, 0.8],
    ['a BFCL test case', 'x.json', { id: 'c', question: [], function: [{ name: 'a' }] }, 0.9],
    ['plain name/description lines', 'x.jsonl', [{ name: 'a', description: 'd' }], 0.55],
    ['plain name/description array', 'x.json', [{ name: 'a', description: 'd' }], 0.5],
    ['an empty array', 'x.json', [], 0.5],
    ['MCP tools', 'x.json', [{ name: 'a', inputSchema: {} }], 0],
    ['a Shinkai file', 'x.json', { name: 'a', parameters: { type: 'object' }, configurations: {} }, 0],
    ['a single plain object', 'x.json', { name: 'a', description: 'd' }, 0],
  ])('detects %s', (_label, file, data, confidence) => {
    const text = file.endsWith('.jsonl')
      ? (data as unknown[]).map((line) => JSON.stringify(line)).join('\n')
      : JSON.stringify(data);
    expect(openAiLoader.detect(parseTestDocument(file, text))).toBeCloseTo(confidence);
  });
});

import { describe, expect, test } from 'vitest';
import { FORMAT_TARGETS } from '../../src/format/format-target.js';
import { formatPayload, formatTools } from '../../src/format/format-tools.js';
import { toAnthropicTools } from '../../src/format/to-anthropic-tools.js';
import { toJsonSchemaTools } from '../../src/format/to-json-schema-tools.js';
import { toMcpTools } from '../../src/format/to-mcp-tools.js';
import { toOpenAIResponsesTools } from '../../src/format/to-openai-responses-tools.js';
import { toOpenAITools } from '../../src/format/to-openai-tools.js';
import { makeTool } from './make-tool.js';

const SECRET_KEY = `sk-proj-${'a1B2'.repeat(8)}`;

const weather = makeTool({
  id: 'weather.get-forecast',
  name: 'get-forecast',
  title: 'Weather forecast',
  description: 'Get the weather forecast for a city.',
  parameters: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      days: { type: 'integer', default: 3 },
      api_key: { type: 'string', default: 'demo-key-123' },
      endpoint: { type: 'string', examples: [`https://x.test/?key=${SECRET_KEY}`] },
    },
    required: ['city'],
  },
  result: { type: 'object', properties: { summary: { type: 'string' } } },
  annotations: { readOnlyHint: true, openWorldHint: true },
  examples: [
    { name: 'paris', input: { city: 'Paris', days: 2 } },
    { name: 'prompt only', prompt: 'weather in Rome?' },
    { name: 'with key', input: { city: 'Oslo', api_key: 'my-real-key' } },
    { name: 'list', input: ['Oslo'] },
  ],
  useCases: [
    { title: 'Forecast', whenToUse: 'The user asks about future weather', notFor: 'Historical climate data' },
  ],
  extensions: { shinkai: { oauth: { clientSecret: 'super-secret-value' } } },
});

describe('every target', () => {
  test.each(FORMAT_TARGETS)('%s: secrets never appear and names route back to ids', (target) => {
    const result = formatTools([weather], target);
    const json = JSON.stringify(result.tools);
    for (const secret of ['demo-key-123', SECRET_KEY, 'super-secret-value', 'my-real-key', '$schema"']) {
      if (secret === '$schema"' && target === 'json-schema') continue;
      expect(json).not.toContain(secret);
    }
    expect(Object.values(result.names)).toEqual(['weather.get-forecast']);
    expect(result.tokens).toHaveLength(1);
    expect(result.tokens[0]).toBeGreaterThan(20);
    expect(
      result.warnings.filter((warning) => warning.code === 'SECRET_REMOVED').map((warning) => warning.path),
    ).toEqual(expect.arrayContaining(['/properties/api_key/default', '/properties/endpoint/examples']));
    expect(
      result.warnings.every((warning) => warning.target === target && warning.toolId === weather.id),
    ).toBe(true);
  });

  test('an unknown target is a usage error naming the valid ones', () => {
    expect(() => formatTools([weather], 'cohere' as never)).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Unknown format target "cohere". Targets: openai, openai-strict, openai-responses, anthropic, gemini, mcp, json-schema.]`,
    );
    expect(() => formatTools([weather], 'cohere' as never)).toThrow(
      expect.objectContaining({ code: 'USAGE_ERROR' }),
    );
  });
});

describe('per target', () => {
  test('openai: a Chat Completions function tool with use-case hints in the description', () => {
    const { tools, names, warnings } = toOpenAITools([weather]);
    expect(names).toEqual({ 'weather_get-forecast': 'weather.get-forecast' });
    expect(tools[0]?.function.description).toBe(
      'Get the weather forecast for a city.\nUse when: The user asks about future weather.\nNot for: Historical climate data.',
    );
    expect(tools[0]?.function).not.toHaveProperty('strict');
    expect(warnings.map((warning) => warning.code)).toContain('RESULT_DROPPED');
  });

  test('openai-responses: strict by default, plain with strict: false', () => {
    const [strict] = toOpenAIResponsesTools([weather]).tools;
    expect(strict).toMatchObject({ type: 'function', name: 'weather_get-forecast', strict: true });
    expect(strict?.parameters.required).toEqual(['city', 'days', 'api_key', 'endpoint']);
    const [plain] = toOpenAIResponsesTools([weather], { strict: false }).tools;
    expect(plain).toMatchObject({ strict: false, parameters: { required: ['city'] } });
  });

  test('anthropic: input_examples from object inputs without credentials', () => {
    const { tools, warnings } = toAnthropicTools([weather]);
    expect(tools[0]?.input_examples).toEqual([{ city: 'Paris', days: 2 }]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Name "weather.get-forecast" is not valid for anthropic (^[a-zA-Z0-9_-]{1,64}$); emitted as "weather_get-forecast".',
      'anthropic tools have no output schema; the result schema is left out.',
      'Removed "default" of a credential parameter: secrets are never emitted.',
      'Removed "examples": its value looks like a secret.',
      'Example "with key" holds a credential; left out of input_examples.',
      'Example "list" has a non-object input; left out of input_examples.',
    ]);
    expect(toAnthropicTools([weather], { inputExamples: false }).tools[0]).not.toHaveProperty(
      'input_examples',
    );
  });

  test('mcp: keeps the id as name, title, outputSchema for object results, annotations', () => {
    const [tool] = toMcpTools([weather]).tools;
    expect(tool).toMatchObject({
      name: 'weather.get-forecast',
      title: 'Weather forecast',
      outputSchema: { type: 'object', properties: { summary: { type: 'string' } } },
      annotations: { readOnlyHint: true, openWorldHint: true },
    });
    const listResult = makeTool({ id: 'list', result: { type: 'array', items: { type: 'string' } } });
    const { tools, warnings } = toMcpTools([listResult]);
    expect(tools[0]).not.toHaveProperty('outputSchema');
    expect(warnings.map((warning) => warning.code)).toEqual(['RESULT_DROPPED']);
  });

  test('json-schema: the id unchanged, draft 2020-12 documents', () => {
    const [tool] = toJsonSchemaTools([weather]).tools;
    expect(tool?.name).toBe('weather.get-forecast');
    expect(tool?.parameters.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(tool?.result).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { summary: { type: 'string' } },
    });
  });

  test('descriptions are cut on a word boundary and hints are left out when they do not fit', () => {
    const long = makeTool({
      id: 'long',
      description: 'word '.repeat(40).trim(),
      useCases: [{ title: 'x', whenToUse: 'always' }],
    });
    const { tools, warnings } = toOpenAITools([long], { maxDescriptionLength: 50 });
    expect(tools[0]?.function.description).toBe('word word word word word word word word word word…');
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Description cut from 199 to 50 characters.',
    ]);
    const short = makeTool({
      id: 'short',
      description: 'Short.',
      useCases: [{ title: 'x', whenToUse: 'a'.repeat(60) }],
    });
    expect(toOpenAITools([short], { maxDescriptionLength: 50 }).tools[0]?.function.description).toBe(
      'Short.',
    );
    expect(toOpenAITools([weather], { useCaseHints: false }).tools[0]?.function.description).toBe(
      'Get the weather forecast for a city.',
    );
  });

  test('invalid options are usage errors', () => {
    expect(() => toOpenAITools([weather], { maxDescriptionLength: 3 })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: Invalid maxDescriptionLength 3: expected an integer of at least 16.]`,
    );
  });
});

describe('formatPayload', () => {
  test('wraps Gemini declarations and MCP tools the way requests carry them', () => {
    const gemini = formatTools([weather], 'gemini');
    expect(formatPayload('gemini', gemini.tools)).toEqual([{ functionDeclarations: gemini.tools }]);
    const mcp = formatTools([weather], 'mcp');
    expect(formatPayload('mcp', mcp.tools)).toEqual({ tools: mcp.tools });
    const openai = formatTools([weather], 'openai');
    expect(formatPayload('openai', openai.tools)).toEqual(openai.tools);
  });
});

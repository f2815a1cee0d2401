import { describe, expect, test } from 'vitest';
import type { CodeToolDefinition } from '../../src/shared/code-tool-definition.js';
import { readCodeTools, toolsFromCode } from '../../src/shared/tools-from-code.js';

const weather: CodeToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name' }, days: { type: 'int' } },
    required: ['city'],
  },
};

describe('toolsFromCode', () => {
  test('builds a tool per definition: the name is the id, the schema is normalised like an OpenAI function', () => {
    const [tool] = toolsFromCode([weather]);
    expect(tool).toMatchObject({
      id: 'get_weather',
      name: 'get_weather',
      description: 'Current weather for a city',
      source: { format: 'openai', file: '<code>', pointer: '/0' },
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
        required: ['city'],
      },
    });
  });

  test('merges the toolsift metadata given beside a tool', () => {
    const [tool] = toolsFromCode([
      weather,
      {
        name: 'get_forecast',
        description: 'Weather forecast for the next days',
        inputSchema: { type: 'object', properties: {} },
        metadata: {
          useCases: [{ title: 'Plan a trip', whenToUse: 'the user asks about weather on future dates' }],
          notFor: ['weather right now', 'past weather'],
          conflicts: [{ tool: 'get_weather', whenPreferOther: 'the user asks about current conditions' }],
          prerequisites: [{ name: 'Weather API key', envVars: ['WEATHER_API_KEY'] }],
          keywords: ['forecast'],
          annotations: { readOnlyHint: true },
        },
      },
    ]).slice(1);
    expect(tool).toMatchObject({
      useCases: [
        { title: 'Plan a trip', whenToUse: 'the user asks about weather on future dates' },
        { title: '', notFor: 'weather right now' },
        { title: '', notFor: 'past weather' },
      ],
      conflicts: [
        {
          tool: 'get_weather',
          severity: 'medium',
          whenPreferOther: 'the user asks about current conditions',
        },
      ],
      prerequisites: [
        { name: 'Weather API key', envVars: ['WEATHER_API_KEY'], configKeys: [], requiredFor: [] },
      ],
      keywords: ['forecast'],
      annotations: { readOnlyHint: true },
    });
  });

  test('returns advisories: a missing description, a relation naming no tool', () => {
    const { tools, diagnostics } = readCodeTools([
      { name: 'a', inputSchema: { type: 'object' }, metadata: { conflicts: [{ tool: 'nowhere' }] } },
    ]);
    expect(tools).toHaveLength(1);
    expect(diagnostics.map(({ code, severity, message }) => ({ code, severity, message }))).toEqual([
      {
        code: 'MISSING_DESCRIPTION',
        severity: 'warning',
        message: 'Tool "a" has no description; selection relies on it, so add one.',
      },
      {
        code: 'UNKNOWN_TOOL_REFERENCE',
        severity: 'warning',
        message: 'tool "a": metadata.conflicts names "nowhere", which is not one of the tools given',
      },
    ]);
  });

  test.each([
    ['not an array', { tools: {} }, 'METADATA_INVALID'],
    ['a definition that is not an object', [null], 'METADATA_INVALID'],
    ['an empty name', [{ name: ' ', inputSchema: {} }], 'METADATA_INVALID'],
    [
      'a schema that is not an object',
      [{ name: 'a', description: 'x', inputSchema: 'string' }],
      'METADATA_INVALID',
    ],
    [
      'a misspelt metadata field',
      [{ name: 'a', inputSchema: {}, metadata: { prerequisits: [] } }],
      'METADATA_INVALID',
    ],
    ['a bad notFor', [{ name: 'a', inputSchema: {}, metadata: { notFor: [''] } }], 'METADATA_INVALID'],
    [
      'a metadata value the tool model refuses',
      [{ name: 'a', inputSchema: {}, metadata: { useCases: [{ titel: 'x' }], risk: 'extreme' } }],
      'METADATA_INVALID',
    ],
    [
      'a schema keyword of the wrong type',
      [{ name: 'a', inputSchema: { type: 'object', properties: { q: { description: 4 } } } }],
      'METADATA_INVALID',
    ],
    ['a name given twice', [weather, { ...weather, description: 'again' }], 'DUPLICATE_TOOL_ID'],
  ])('%s is an error naming the tool and field', (_case, input, code) => {
    expect(() => toolsFromCode(input as never)).toThrow(
      expect.objectContaining({ code, name: 'ToolsiftError' }),
    );
  });

  test('the error messages say which tool, which field, and what was expected', () => {
    const messageOf = (input: unknown): string => {
      try {
        toolsFromCode(input as never);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected toolsFromCode to throw');
    };
    expect(
      messageOf([
        { name: 'a', description: 'x', inputSchema: 'string', metadata: { prerequisits: [] } },
        { name: 7, inputSchema: {} },
      ]),
    ).toMatchInlineSnapshot(`
      "invalid tools given in code:
      - tool "a" (tools[0]): inputSchema must be a JSON Schema object, got "string"
      - tool "a" (tools[0]): unknown metadata field "prerequisits"; expected one of title, keywords, capabilities, category, tags, useCases, notFor, examples, conflicts, alternatives, complements, dependsOn, prerequisites, rateLimit, requiresApproval, risk, annotations, result
      - tools[1].name must be a non-empty string, got number 7"
    `);
    expect(
      messageOf([{ name: 'a', inputSchema: {}, metadata: { useCases: [{ titel: 'x' }] } }]),
    ).toMatchInlineSnapshot(
      `"invalid tool given in code: Tool "a" does not match the tool model: ✖ Unrecognized key: "titel" → at useCases[0]; ✖ Invalid input: expected string, received undefined → at useCases[0].title"`,
    );
    expect(
      messageOf([
        {
          name: 'a',
          description: 'x',
          inputSchema: { type: 'object', properties: { q: { description: 4 } } },
        },
      ]),
    ).toMatchInlineSnapshot(
      `"invalid tool given in code: tool "a": Expected a string at inputSchema/properties/q/description, found number 4."`,
    );
    expect(messageOf([weather, weather])).toMatchInlineSnapshot(
      `"invalid tool given in code: tool name "get_weather" is given 2 times (tools[0], tools[1]); names must be unique"`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { loadTools } from '../../src/loaders/load-tools.js';
import { parseTool } from '../../src/loaders/parse-tool.js';

/** Issue 20 item 7: a table or list where a schema holds text once passed `validate`, then crashed every command. */
describe('a parameter or output description that is not text', () => {
  it.each([
    {
      case: 'paularlott legacy table form, [parameters.x.description] as a table',
      file: 'get_weather.toml',
      text: 'description = "Weather"\n\n[parameters.city]\ntype = "string"\n\n[parameters.city.description]\ntext = "the city"\n',
      expected: { line: 6, pointer: '/parameters/city/description', found: 'an object' },
    },
    {
      case: 'paularlott [[parameters]] followed by a [parameters.description] table',
      file: 'get_weather.toml',
      text: 'description = "Weather"\n\n[[parameters]]\nname = "city"\ntype = "string"\n\n[parameters.description]\ntext = "the city"\n',
      expected: { line: 7, pointer: '/parameters/0/description', found: 'an object' },
    },
    {
      case: 'paularlott [[parameters]] whose description is an array holding a table',
      file: 'get_weather.toml',
      text: 'description = "Weather"\n[[parameters]]\nname = "city"\ntype = "string"\ndescription = [{ a = 1 }]\n',
      expected: { line: 5, pointer: '/parameters/0/description', found: 'a list of 1' },
    },
    {
      case: 'MCP inputSchema, an object whose toString is not a function',
      file: 'tools.json',
      text: JSON.stringify({
        tools: [
          {
            name: 'get_weather',
            description: 'Weather',
            inputSchema: {
              type: 'object',
              properties: { city: { type: 'string', description: { toString: 1 } } },
            },
          },
        ],
      }),
      expected: { line: 1, pointer: '/tools/0/inputSchema/properties/city/description', found: 'an object' },
    },
    {
      case: 'OpenAI parameters, a number as a nested title',
      file: 'functions.json',
      text: JSON.stringify([
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather',
            parameters: {
              type: 'object',
              properties: { city: { type: 'object', properties: { zip: { title: 7 } } } },
            },
          },
        },
      ]),
      expected: {
        line: 1,
        pointer: '/0/function/parameters/properties/city/properties/zip/title',
        found: 'number 7',
      },
    },
    {
      case: 'Matimo parameter, a YAML map as the description',
      file: 'definition.yaml',
      text: 'name: get-weather\ndescription: Weather\nparameters:\n  city:\n    type: string\n    required: true\n    description:\n      text: the city\nexecution:\n  type: http\n',
      expected: { line: 8, pointer: '/parameters/city/description', found: 'an object' },
    },
    {
      case: 'Matimo output_schema, a list as a property description',
      file: 'definition.yaml',
      text: 'name: get-weather\ndescription: Weather\nparameters: {}\nexecution:\n  type: http\noutput_schema:\n  type: object\n  properties:\n    temp:\n      type: number\n      description: [a, b]\n',
      expected: { line: 11, pointer: '/output_schema/properties/temp/description', found: 'a list of 2' },
    },
    {
      case: 'extension info schema.fields, a list as a field description',
      file: 'weather.info.json',
      text: JSON.stringify({
        ns: 'wx',
        tools: {
          get_weather: {
            title: 'Weather',
            examples: [],
            schema: { fields: { city: { type: 'string', description: ['x'] } } },
          },
        },
      }),
      expected: {
        line: 1,
        pointer: '/tools/get_weather/schema/fields/city/description',
        found: 'a list of 1',
      },
    },
  ])(
    '$case: reported with file, line and field; the tool still loads without it',
    ({ file, text, expected }) => {
      const { tools, diagnostics } = loadTools(text, { file });
      expect(diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'METADATA_INVALID',
          severity: 'error',
          file,
          line: expected.line,
          pointer: expected.pointer,
        }),
      );
      const diagnostic = diagnostics.find((entry) => entry.pointer === expected.pointer);
      expect(diagnostic?.message).toBe(`Expected a string at ${expected.pointer}, found ${expected.found}.`);
      expect(tools).toHaveLength(1);
      expect(JSON.stringify(tools[0])).not.toContain('the city');
    },
  );

  it('a map as "properties" is required: a list there is reported, an empty list read as no properties', () => {
    const bad = loadTools(
      JSON.stringify({
        tools: [{ name: 'a', description: 'A', inputSchema: { type: 'object', properties: ['x'] } }],
      }),
      { file: 'tools.json' },
    );
    expect(bad.diagnostics.map((entry) => [entry.code, entry.message])).toEqual([
      [
        'METADATA_INVALID',
        'Expected a map of property schemas at /tools/0/inputSchema/properties, found a list of 1.',
      ],
    ]);
    const php = loadTools(
      JSON.stringify({
        tools: [{ name: 'a', description: 'A', inputSchema: { type: 'object', properties: [] } }],
      }),
      { file: 'tools.json' },
    );
    expect(php.diagnostics).toEqual([]);
    expect(php.tools[0]?.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('parseTool refuses a tool whose schema still holds one (a custom loader that did not drop it)', () => {
    const result = parseTool(
      {
        id: 'x',
        name: 'x',
        description: 'X',
        source: { format: 'mcp', file: 'x.json', pointer: '/tools/0' },
        parameters: {
          type: 'object',
          properties: { q: { type: 'string', description: Object.create(null) } },
        },
      },
      { source: { file: 'x.json' } },
    );
    expect(result.tool).toBeUndefined();
    expect(result.diagnostics).toMatchObject([
      { code: 'METADATA_INVALID', file: 'x.json', pointer: '/tools/0' },
    ]);
    expect(result.diagnostics[0]?.message).toMatchInlineSnapshot(
      `"Tool "x" does not match the tool model: ✖ Expected a string, found an object → at parameters.properties.q.description"`,
    );
  });

  it('a BFCL case id that is an object does not throw while naming a repeated function (it threw a TypeError)', () => {
    const line = (description: string): string =>
      JSON.stringify({
        id: { toString: 1 },
        question: 'q',
        function: [{ name: 'f', description, parameters: { type: 'dict', properties: {} } }],
      });
    const { tools } = loadTools(`${line('first')}\n${line('second')}\n`, { file: 'cases.jsonl' });
    expect(tools.map((tool) => tool.id)).toEqual(['f', 'f@/1']);
  });
});

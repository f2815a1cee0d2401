import { jsonSchema, tool } from 'ai';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { fromAiSdkTools } from '../../src/ai-sdk/index.js';

const noop = async (): Promise<string> => 'ok';

describe('fromAiSdkTools', () => {
  test('converts zod 4, zod 3 and jsonSchema() input schemas to JSON Schema', async () => {
    const definitions = await fromAiSdkTools({
      zod4: tool({
        description: 'zod 4',
        inputSchema: z.object({ city: z.string().describe('City name'), days: z.number().optional() }),
        execute: noop,
      }),
      zod3: tool({
        description: 'zod 3',
        inputSchema: z3.object({ city: z3.string().describe('City name') }),
        execute: noop,
      }),
      json: tool({
        description: 'JSON Schema',
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string', description: 'City name' } },
          required: ['city'],
        }),
        execute: noop,
      }),
    });
    expect(definitions.map(({ name, description }) => [name, description])).toEqual([
      ['zod4', 'zod 4'],
      ['zod3', 'zod 3'],
      ['json', 'JSON Schema'],
    ]);
    for (const definition of definitions) {
      expect(definition.inputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string', description: 'City name' } },
        required: ['city'],
      });
    }
  });

  test('puts the metadata beside the tool it names', async () => {
    const [definition] = await fromAiSdkTools(
      { weather: tool({ description: 'Weather', inputSchema: z.object({}), execute: noop }) },
      { metadata: { weather: { notFor: 'past weather' } } },
    );
    expect(definition?.metadata).toEqual({ notFor: 'past weather' });
  });

  test('metadata for a tool that is not in the set is an UNKNOWN_TOOL error listing the tools', async () => {
    const tools = { weather: tool({ description: 'Weather', inputSchema: z.object({}), execute: noop }) };
    const result = fromAiSdkTools(tools, { metadata: { wether: { notFor: 'past weather' } } });
    await expect(result).rejects.toMatchObject({ code: 'UNKNOWN_TOOL' });
    await expect(result).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: metadata names "wether", which is not one of the tools of the tool set. Tools: weather.]`,
    );
  });

  test('a schema the AI SDK cannot convert is a METADATA_INVALID error naming the tool', async () => {
    const result = fromAiSdkTools({ broken: { description: 'Broken', inputSchema: { notASchema: true } } });
    await expect(result).rejects.toMatchObject({ code: 'METADATA_INVALID' });
    await expect(result).rejects.toThrow(
      /^tool "broken": its inputSchema could not be converted to JSON Schema/,
    );
  });
});

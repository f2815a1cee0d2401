import type { Tool } from '../model/tool.js';
import { emitTools } from './emit-tools.js';
import type { JsonSchemaTool } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import { prepareResultSchema, prepareSchema } from './prepare-schema.js';

/** The JSON Schema dialect of emitted `parameters` and `result`. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Tools as plain JSON Schema (draft 2020-12) for frameworks without a provider format:
 * `{ name, title, description, parameters, result }`, the name being the tool id unchanged.
 */
export function toJsonSchemaTools(
  tools: readonly Tool[],
  options?: FormatOptions,
): FormatResult<JsonSchemaTool> {
  return emitTools({
    tools,
    target: 'json-schema',
    options,
    emit: (context) => {
      const { tool } = context;
      const result = prepareResultSchema(tool.result, context.warn);
      return {
        name: context.name,
        ...(tool.title !== undefined ? { title: tool.title } : {}),
        ...(context.description !== undefined ? { description: context.description } : {}),
        parameters: { $schema: JSON_SCHEMA_DIALECT, ...prepareSchema(tool.parameters, context.warn) },
        ...(result !== undefined ? { result: { $schema: JSON_SCHEMA_DIALECT, ...result } } : {}),
      };
    },
  });
}

import type { Tool } from '../model/tool.js';
import { emitTools, warnResultDropped } from './emit-tools.js';
import type { GeminiFunctionDeclaration } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import { inlineRefs } from './inline-refs.js';
import { prepareSchema } from './prepare-schema.js';
import { toGeminiSchema } from './to-gemini-schema.js';

/**
 * Gemini `functionDeclarations` in its OpenAPI schema subset (no `$ref`, `$schema`, `additionalProperties`;
 * unions flattened; enum only on strings). Send them as `tools: [{ functionDeclarations: result.tools }]`.
 * A tool without parameters gets no `parameters` key.
 */
export function toGeminiTools(
  tools: readonly Tool[],
  options?: FormatOptions,
): FormatResult<GeminiFunctionDeclaration> {
  return emitTools({
    tools,
    target: 'gemini',
    options,
    emit: (context) => {
      warnResultDropped(context, 'gemini');
      const prepared = inlineRefs(prepareSchema(context.tool.parameters, context.warn), context.warn);
      const parameters = toGeminiSchema(prepared, context.warn);
      const hasParameters = Object.keys(parameters.properties ?? {}).length > 0;
      return {
        name: context.name,
        ...(context.description !== undefined ? { description: context.description } : {}),
        ...(hasParameters ? { parameters } : {}),
      };
    },
  });
}

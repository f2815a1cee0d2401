import type { Tool } from '../model/tool.js';
import { emitTools, warnResultDropped } from './emit-tools.js';
import type { OpenAIResponsesTool } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import { toOpenAIParameters, toOpenAIStrictParameters } from './openai-parameters.js';
import { prepareSchema } from './prepare-schema.js';

/**
 * OpenAI Responses API function tools: `{ type: 'function', name, description, parameters, strict }`.
 * Strict by default, like the Responses API itself (option `strict: false` turns it off); a tool that
 * cannot be strict is emitted with `strict: false` and a `STRICT_FALLBACK` warning.
 */
export function toOpenAIResponsesTools(
  tools: readonly Tool[],
  options?: FormatOptions,
): FormatResult<OpenAIResponsesTool> {
  return emitTools({
    tools,
    target: 'openai-responses',
    options,
    emit: (context) => {
      warnResultDropped(context, 'openai-responses');
      const prepared = prepareSchema(context.tool.parameters, context.warn);
      const { parameters, strict } = context.options.strict
        ? toOpenAIStrictParameters(prepared, context.warn)
        : { parameters: toOpenAIParameters(prepared), strict: false };
      return {
        type: 'function',
        name: context.name,
        ...(context.description !== undefined ? { description: context.description } : {}),
        parameters,
        strict,
      };
    },
  });
}

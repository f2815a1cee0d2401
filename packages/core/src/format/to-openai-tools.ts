import type { Tool } from '../model/tool.js';
import { emitTools, warnResultDropped } from './emit-tools.js';
import type { OpenAIChatTool } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import type { FormatResult } from './format-result.js';
import { toOpenAIParameters, toOpenAIStrictParameters } from './openai-parameters.js';
import { prepareSchema } from './prepare-schema.js';

/**
 * OpenAI Chat Completions `tools`: `{ type: 'function', function: { name, description, parameters } }`.
 * @example const { tools, names } = toOpenAITools(catalog.tools); // tools -> chat.completions.create({ tools })
 */
export function toOpenAITools(tools: readonly Tool[], options?: FormatOptions): FormatResult<OpenAIChatTool> {
  return emitTools({
    tools,
    target: 'openai',
    options,
    emit: (context) => {
      warnResultDropped(context, 'openai');
      return {
        type: 'function',
        function: {
          name: context.name,
          ...(context.description !== undefined ? { description: context.description } : {}),
          parameters: toOpenAIParameters(prepareSchema(context.tool.parameters, context.warn)),
        },
      };
    },
  });
}

/**
 * OpenAI Chat Completions `tools` with `strict: true` (Structured Outputs): every object closed, every
 * property required (optional ones nullable), unsupported keywords removed. A tool whose schema cannot be
 * strict is emitted with `strict: false` and a `STRICT_FALLBACK` warning.
 */
export function toOpenAIStrictTools(
  tools: readonly Tool[],
  options?: FormatOptions,
): FormatResult<OpenAIChatTool> {
  return emitTools({
    tools,
    target: 'openai-strict',
    options,
    emit: (context) => {
      warnResultDropped(context, 'openai-strict');
      const { parameters, strict } = toOpenAIStrictParameters(
        prepareSchema(context.tool.parameters, context.warn),
        context.warn,
      );
      return {
        type: 'function',
        function: {
          name: context.name,
          ...(context.description !== undefined ? { description: context.description } : {}),
          parameters,
          strict,
        },
      };
    },
  });
}

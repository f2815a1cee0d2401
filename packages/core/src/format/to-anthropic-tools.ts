import type { Tool } from '../model/tool.js';
import { containsSecret, hasCredentialEntry } from './credential-detection.js';
import { type EmitContext, emitTools, warnResultDropped } from './emit-tools.js';
import type { AnthropicTool } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import { type FormatResult, FormatWarningCode } from './format-result.js';
import { isSchemaObject } from './map-subschemas.js';
import { prepareSchema } from './prepare-schema.js';

/**
 * Anthropic Messages API `tools`: `{ name, description, input_schema }`, plus `input_examples` from the
 * tool's examples whose input is an object (option `inputExamples`, default true). Examples holding a
 * credential are left out with a warning.
 */
export function toAnthropicTools(
  tools: readonly Tool[],
  options?: FormatOptions,
): FormatResult<AnthropicTool> {
  return emitTools({
    tools,
    target: 'anthropic',
    options,
    emit: (context) => {
      warnResultDropped(context, 'anthropic');
      const inputSchema = prepareSchema(context.tool.parameters, context.warn);
      const examples = context.options.inputExamples ? inputExamples(context) : [];
      return {
        name: context.name,
        ...(context.description !== undefined ? { description: context.description } : {}),
        input_schema: inputSchema,
        ...(examples.length > 0 ? { input_examples: examples } : {}),
      };
    },
  });
}

// --- internal ---

function inputExamples(context: EmitContext): Record<string, unknown>[] {
  const examples: Record<string, unknown>[] = [];
  context.tool.examples.forEach((example, index) => {
    const label = example.name !== undefined ? `"${example.name}"` : `#${index + 1}`;
    if (example.input === undefined) return;
    if (!isSchemaObject(example.input)) {
      context.warn(
        FormatWarningCode.ExampleDropped,
        `Example ${label} has a non-object input; left out of input_examples.`,
      );
    } else if (hasCredentialEntry(example.input) || containsSecret(example.input)) {
      context.warn(
        FormatWarningCode.SecretRemoved,
        `Example ${label} holds a credential; left out of input_examples.`,
      );
    } else {
      examples.push(structuredClone(example.input));
    }
  });
  return examples;
}

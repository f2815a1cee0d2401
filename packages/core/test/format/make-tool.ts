import { type Tool, type ToolInput, ToolSchema } from '../../src/model/tool.js';

/** A valid tool for emitter tests: `id` and `parameters` given, everything else defaulted or overridden. */
export function makeTool(fields: Partial<ToolInput> & { id: string }): Tool {
  return ToolSchema.parse({
    name: fields.id,
    description: `Does ${fields.id}.`,
    source: { format: 'openai', file: 'test.json', pointer: '' },
    parameters: { type: 'object', properties: {} },
    ...fields,
  });
}

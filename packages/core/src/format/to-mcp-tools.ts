import type { Tool } from '../model/tool.js';
import { type EmitContext, emitTools } from './emit-tools.js';
import type { McpTool, ObjectSchema } from './emitted-tool-types.js';
import type { FormatOptions } from './format-options.js';
import { type FormatResult, FormatWarningCode } from './format-result.js';
import { prepareResultSchema, prepareSchema } from './prepare-schema.js';

/**
 * MCP `Tool` objects as `tools/list` returns them: `name` (the id when valid), `title`, `description`,
 * `inputSchema`, `outputSchema` (when the result is an object schema; MCP allows no other) and `annotations`.
 */
export function toMcpTools(tools: readonly Tool[], options?: FormatOptions): FormatResult<McpTool> {
  return emitTools({
    tools,
    target: 'mcp',
    options,
    emit: (context) => {
      const { tool } = context;
      const title = tool.title ?? tool.annotations?.title;
      const outputSchema = mcpOutputSchema(context);
      return {
        name: context.name,
        ...(title !== undefined ? { title } : {}),
        ...(context.description !== undefined ? { description: context.description } : {}),
        inputSchema: prepareSchema(tool.parameters, context.warn),
        ...(outputSchema !== undefined ? { outputSchema } : {}),
        ...(tool.annotations !== undefined ? { annotations: { ...tool.annotations } } : {}),
      };
    },
  });
}

// --- internal ---

function mcpOutputSchema(context: EmitContext): ObjectSchema | undefined {
  const result = prepareResultSchema(context.tool.result, context.warn);
  if (result === undefined) return undefined;
  if (result.type === 'object' || (result.type === undefined && typeof result.properties === 'object')) {
    return { ...result, type: 'object' };
  }
  context.warn(
    FormatWarningCode.ResultDropped,
    `MCP outputSchema must be an object schema; the ${JSON.stringify(result.type ?? 'untyped')} result schema is left out.`,
  );
  return undefined;
}

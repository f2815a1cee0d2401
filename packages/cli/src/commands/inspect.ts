import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { closeIds } from '../mcp/close-ids.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** `toolsift inspect ID [--catalog PATH] [--json]`: a tool's metadata and the views it is indexed under. */
export function createInspectCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'inspect',
      description: 'Show a tool and the views (texts) it is indexed under, learned prompts included.',
    },
    args: {
      id: { type: 'positional', required: true, valueHint: 'ID', description: 'Tool id' },
      ...SELECTOR_ARGS,
      json: { type: 'boolean', description: 'Print {tool, views} as JSON' },
    },
    async run({ args }) {
      const selector = await openSelector(io, args);
      const tool = selector.tool(args.id);
      if (tool === undefined) {
        const close = closeIds({ wanted: args.id, ids: selector.tools.map((candidate) => candidate.id) });
        throw new ToolsiftError(
          ErrorCode.UnknownTool,
          `no tool "${args.id}" in the catalog${close.length > 0 ? `. Similar ids: ${close.join(', ')}` : ''}`,
        );
      }
      const views = selector.views(tool.id);
      if (args.json === true) {
        io.stdout.write(`${JSON.stringify({ tool, views }, null, 2)}\n`);
        return;
      }
      reportIndexWarnings(io, selector);
      const lines = [
        `${tool.id}${tool.title !== undefined ? ` — ${tool.title}` : ''}`,
        `  name:   ${tool.name}`,
        `  source: ${tool.source.file} (${tool.source.format})`,
        `  ${tool.description}`,
        `views (${views.length}):`,
        ...views.map((view) => `  ${view.key}\n      ${view.text}`),
      ];
      io.stdout.write(`${lines.join('\n')}\n`);
    },
  });
  return command as unknown as CommandDef;
}

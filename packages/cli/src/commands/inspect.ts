import { descriptionHash, ErrorCode, fieldOrigins, type Tool, ToolsiftError } from '@toolsift/core';
import type { ToolActionInfo } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { closeIds } from '../mcp/close-ids.js';
import { toSafeJson, toSafeText } from './safe-output.js';
import { indexWarnings, openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

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
      json: {
        type: 'boolean',
        description: 'Print {tool, descriptionHash, origins, views, action, indexWarnings} as JSON',
      },
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
      const action = selector.actionOf(tool.id);
      reportIndexWarnings(io, selector);
      if (args.json === true) {
        const report = {
          tool,
          descriptionHash: descriptionHash(tool.description),
          origins: fieldOrigins(tool),
          views,
          action,
          indexWarnings: indexWarnings(selector),
        };
        io.stdout.write(`${toSafeJson(report)}\n`);
        return;
      }
      const lines = [
        `${tool.id}${tool.title !== undefined ? ` — ${tool.title}` : ''}`,
        `  name:   ${tool.name}`,
        `  source: ${tool.source.file} (${tool.source.format})`,
        ...(tool.server === undefined ? [] : [`  server: ${describeServer(tool.server)}`]),
        ...(action === undefined ? [] : [`  action: ${describeAction(action)}`]),
        `  ${tool.description}`,
        `  description hash: ${descriptionHash(tool.description)} (what an overlay's description_hash records)`,
        ...(tool.overlays ?? []).map(
          (overlay) =>
            `  from overlay ${overlay.file} (${overlay.pointer}): ${overlay.fields.join(', ') || 'nothing new'}` +
            (overlay.isStale === true ? ' — may be stale: written for another description' : ''),
        ),
        `views (${views.length}):`,
        ...views.map((view) => `  ${view.key}\n      ${view.text}`),
      ];
      io.stdout.write(`${toSafeText(lines.join('\n'))}\n`);
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

function describeServer(server: NonNullable<Tool['server']>): string {
  const aliases = server.aliases.length > 0 ? ` (also ${server.aliases.join(', ')})` : '';
  return `${server.name}${aliases}`;
}

// "creates (its name says "create"); the action rule is on for this catalog: 92% of its tools say what they do"
function describeAction(info: ToolActionInfo): string {
  const share = `${Math.round(info.knownShare * 100)}% of its tools say what they do`;
  const rule = `the action rule is ${info.isRuleOn ? 'on' : 'off'} for this catalog: ${share}`;
  const fact = info.action;
  if (fact === undefined)
    return `unsaid (no HTTP route, no verb first in its name, no readOnlyHint); ${rule}`;
  const source =
    fact.source === 'route'
      ? `its route's method is ${fact.word}`
      : fact.source === 'name'
        ? `its name says "${fact.word}"`
        : `readOnlyHint: ${fact.action === 'read'}`;
  return `${ACTION_VERBS[fact.action]} (${source}); ${rule}`;
}

const ACTION_VERBS = {
  read: 'reads',
  create: 'creates',
  update: 'updates',
  delete: 'deletes',
  write: 'writes, which kind unsaid',
} as const;

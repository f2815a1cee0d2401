import type { Selection } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { openSelector, parseCount, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** `toolsift query PROMPT [--k N] [--json] [--explain]`: the tools that fit a prompt. */
export function createQueryCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'query',
      description: 'Select the tools that fit a prompt (a table on a terminal, JSON when piped).',
    },
    args: {
      prompt: {
        type: 'positional',
        required: true,
        valueHint: 'PROMPT',
        description: 'What the user asked for',
      },
      ...SELECTOR_ARGS,
      k: { type: 'string', valueHint: 'N', description: 'How many tools to return (default 5)' },
      json: {
        type: 'boolean',
        description: 'Print the selection as JSON (the default when stdout is not a terminal)',
      },
      explain: { type: 'boolean', description: 'Show why each tool was selected' },
    },
    async run({ args }) {
      const k = parseCount(args.k, 'k', 5);
      const selector = await openSelector(io, args);
      const selection = await selector.select(args._.join(' '), { k, env: io.env });
      if (args.json === true || io.stdout.isTTY !== true) {
        io.stdout.write(`${JSON.stringify(selection, null, 2)}\n`);
        return;
      }
      reportIndexWarnings(io, selector);
      io.stdout.write(renderTable(selection, args.explain === true));
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

function renderTable(selection: Selection, isExplained: boolean): string {
  if (selection.tools.length === 0) return 'No tool fits this prompt.\n';
  const idWidth = Math.max(4, ...selection.tools.map((tool) => tool.id.length));
  const lines = [`${'#'.padStart(2)}  ${'tool'.padEnd(idWidth)}  score  confidence`];
  selection.tools.forEach((tool, index) => {
    lines.push(
      `${String(index + 1).padStart(2)}  ${tool.id.padEnd(idWidth)}  ${tool.score.toFixed(3)}  ${tool.confidence.toFixed(3)}`,
    );
    if (isExplained)
      for (const reason of tool.reasons) lines.push(`      - ${reason.kind}: ${reason.message}`);
  });
  for (const warning of selection.warnings) lines.push(`warning: ${warning.message}`);
  if (isExplained) {
    const stages = Object.entries(selection.timings)
      .map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`)
      .join(', ');
    lines.push(`timings (ms): ${stages}`);
  }
  return `${lines.join('\n')}\n`;
}

import {
  ErrorCode,
  FORMAT_TARGETS,
  type FormatTarget,
  fitToolBudget,
  formatPayload,
  isFormatTarget,
  type Tool,
  ToolsiftError,
} from '@toolsift/core';
import type { Selection, Selector } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { ABSTENTION_ARGS, abstentionOptions } from './abstention-args.js';
import { renderSelectionTable } from './render-selection.js';
import { toSafeJson, toSafeText } from './safe-output.js';
import {
  indexWarnings,
  MAX_K,
  openSelector,
  parseCount,
  reportIndexWarnings,
  SELECTOR_ARGS,
} from './selector-args.js';

/** `toolsift query PROMPT [--k N] [--json] [--explain] [--format TARGET]`: the tools that fit a prompt. */
export function createQueryCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'query',
      description:
        'Select the tools that fit a prompt (a table on a terminal, JSON when piped). Each tool has a score ' +
        '(how it ranks against the other candidates; the best is near 1 even when none fits) and a confidence ' +
        '(the estimated probability, 0 to 1, that it is a right tool for the prompt).',
    },
    args: {
      prompt: {
        type: 'positional',
        required: true,
        valueHint: 'PROMPT...',
        description: 'What the user asked for',
      },
      ...SELECTOR_ARGS,
      k: { type: 'string', valueHint: 'N', description: 'How many tools to return (default 5)' },
      json: {
        type: 'boolean',
        description: 'Print the selection as JSON (the default when stdout is not a terminal)',
      },
      explain: { type: 'boolean', description: 'Show why each tool was selected' },
      format: {
        type: 'string',
        valueHint: 'TARGET',
        description: `Print the selected tools as an LLM's tool definitions: ${FORMAT_TARGETS.join(', ')}`,
      },
      'max-tokens': {
        type: 'string',
        valueHint: 'N',
        description: 'With --format: stop before the emitted tools exceed N tokens (estimated)',
      },
      'include-unavailable': {
        type: 'boolean',
        description: 'Keep tools whose prerequisites (env vars, config, OAuth, OS) are missing',
      },
      expand: { type: 'boolean', description: 'Add the tools selected tools depend on or work with' },
      'chain-ids': {
        type: 'boolean',
        default: true,
        description:
          'Follow a selected tool that needs an id or token the prompt lacks with the read that supplies it (--no-chain-ids: off)',
      },
      ...ABSTENTION_ARGS,
    },
    async run({ args }) {
      const k = parseCount({ value: args.k, name: 'k', fallback: 5, max: MAX_K });
      const target = parseTarget(args.format);
      const maxTokens =
        args['max-tokens'] === undefined
          ? undefined
          : parseCount({ value: args['max-tokens'], name: 'max-tokens', fallback: 0 });
      const abstention = abstentionOptions(args);
      const selector = await openSelector(io, args);
      const selection = await selector.select(args._.join(' '), {
        k,
        env: io.env,
        ...(args['include-unavailable'] === true ? { includeUnavailable: true } : {}),
        ...(args.expand === true ? { expand: true } : {}),
        ...(args['chain-ids'] === false ? { chainIds: false } : {}),
        ...abstention,
      });
      reportIndexWarnings(io, selector);
      if (target !== undefined) {
        printFormatted({ io, selector, selection, target, maxTokens });
        return;
      }
      if (args.json === true || io.stdout.isTTY !== true) {
        io.stdout.write(`${toSafeJson({ ...selection, indexWarnings: indexWarnings(selector) })}\n`);
        return;
      }
      io.stdout.write(toSafeText(renderSelectionTable(selection, args.explain === true)));
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

function printFormatted(input: {
  io: CliIo;
  selector: Selector;
  selection: Selection;
  target: FormatTarget;
  maxTokens: number | undefined;
}): void {
  const { io, selector, selection, target, maxTokens } = input;
  const tools = selection.tools
    .map((selected) => selector.tool(selected.id))
    .filter((tool): tool is Tool => tool !== undefined);
  const fitted = fitToolBudget({ tools, target, ...(maxTokens !== undefined ? { maxTokens } : {}) });
  // The exact payload on stdout; what the target could not express, and budget cuts, on stderr.
  io.stdout.write(`${toSafeJson(formatPayload(target, fitted.tools))}\n`);
  for (const warning of fitted.warnings)
    io.stderr.write(toSafeText(`warning: ${warning.toolId}: ${warning.code} ${warning.message}\n`));
  // The table lists them apart; a payload has no place for them, so the one line says what was left out and why.
  if (selection.unavailable.length > 0) io.stderr.write(toSafeText(unavailableNote(selection)));
  if (fitted.stoppedBy !== undefined) {
    io.stderr.write(
      `note: ${tools.length - fitted.fitted.length} tool(s) left out (${fitted.stoppedBy}); ${fitted.totalTokens} tokens emitted\n`,
    );
  }
}

/** One line naming the tools that fit but cannot run here, each with what it lacks. */
function unavailableNote(selection: Selection): string {
  const tools = selection.unavailable.map((tool) => {
    const missing = (tool.missing ?? []).map((item) => `${item.kind} ${item.name}`).join(', ');
    return missing === '' ? tool.id : `${tool.id} (missing ${missing})`;
  });
  return (
    `note: ${tools.length} tool(s) that fit cannot run here and are left out: ${tools.join('; ')}` +
    ' (--include-unavailable emits them)\n'
  );
}

function parseTarget(value: string | undefined): FormatTarget | undefined {
  if (value === undefined) return undefined;
  if (isFormatTarget(value)) return value;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `--format must be one of ${FORMAT_TARGETS.join(', ')}; got "${value}".`,
  );
}

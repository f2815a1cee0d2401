import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { learnedExamplesOf, readBenchQueries, type Selector } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { openGatewaySelector } from './gateway-setup.js';
import { reportLearnWarnings } from './report-learn-warnings.js';
import { toSafeText } from './safe-output.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS, type SelectorArgs } from './selector-args.js';

/** `toolsift learn FILE [--catalog PATH | --gateway CONFIG] [--forget]`: add (or remove) prompts as learned views of their tools. */
export function createLearnCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'learn',
      description:
        'Learn from usage: FILE holds prompts with the tools really called (queries JSONL: {query, gold}).',
    },
    args: {
      file: { type: 'positional', required: true, valueHint: 'FILE', description: 'Queries JSONL file' },
      ...SELECTOR_ARGS,
      gateway: {
        type: 'string',
        valueHint: 'CONFIG',
        description:
          "Learn (or forget) in the index of `toolsift gateway --config CONFIG` (give it the same --index-dir, --store, --embedder) instead of a catalog's; the upstream servers are started to read their tools",
      },
      forget: { type: 'boolean', description: 'Remove these prompts instead of adding them' },
      json: {
        type: 'boolean',
        description: 'Print {changed, unchanged, tools, skipped?, warnings?} as JSON',
      },
    },
    async run({ args }) {
      const queries = await readBenchQueries(path.resolve(io.cwd, args.file));
      const examples = learnedExamplesOf(queries);
      const { selector, close } = await openLearnSelector(io, args);
      reportIndexWarnings(io, selector);
      const report = await (args.forget === true
        ? selector.forget(examples)
        : selector.learn(examples)
      ).finally(close);
      reportLearnWarnings(io, report);
      if (args.json === true) {
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      const verb = args.forget === true ? 'forgot' : 'learned';
      const other = args.forget === true ? 'not found' : 'already known';
      const skipped = report.skipped === undefined ? '' : `; ${report.skipped} skipped`;
      io.stdout.write(
        `${verb} ${report.changed} prompt(s) for ${report.tools.length} tool(s); ${report.unchanged} ${other}${skipped}\n`,
      );
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

/** The selector `learn` changes: a catalog's, or with `--gateway`, the index of a gateway over that config. */
async function openLearnSelector(
  io: CliIo,
  args: SelectorArgs & { gateway?: string | undefined },
): Promise<{ selector: Selector; close: () => Promise<void> }> {
  if (args.gateway === undefined)
    return { selector: await openSelector(io, args), close: async () => undefined };
  if (args.catalog !== undefined) {
    throw new ToolsiftError(ErrorCode.UsageError, '--catalog and --gateway: give one of them');
  }
  const log = (line: string): void => void io.stderr.write(`toolsift learn: ${toSafeText(line)}\n`);
  return openGatewaySelector(io, { ...args, config: args.gateway }, log);
}

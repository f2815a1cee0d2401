import path from 'node:path';
import { learnedExamplesOf, readBenchQueries } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { reportLearnWarnings } from './report-learn-warnings.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** `toolsift learn FILE [--catalog PATH] [--forget]`: add (or remove) prompts as learned views of their tools. */
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
      forget: { type: 'boolean', description: 'Remove these prompts instead of adding them' },
      json: {
        type: 'boolean',
        description: 'Print {changed, unchanged, tools, skipped?, warnings?} as JSON',
      },
    },
    async run({ args }) {
      const queries = await readBenchQueries(path.resolve(io.cwd, args.file));
      const examples = learnedExamplesOf(queries);
      const selector = await openSelector(io, args);
      reportIndexWarnings(io, selector);
      const report = args.forget === true ? await selector.forget(examples) : await selector.learn(examples);
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

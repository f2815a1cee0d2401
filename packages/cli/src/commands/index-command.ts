import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

/** `toolsift index [--catalog PATH] [--embedder ID] [--index-dir DIR] [--json]`: build or update the index. */
export function createIndexCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'index',
      description: 'Build or update the index of a catalog (only changed tools are re-embedded).',
    },
    args: {
      ...SELECTOR_ARGS,
      json: {
        type: 'boolean',
        description: 'Print {dir, status, tools, embedded, reused, warnings} as JSON',
      },
    },
    async run({ args }) {
      const started = performance.now();
      const selector = await openSelector(io, args);
      const { dir, status, embedded, reused, warnings } = selector.index;
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      if (args.json === true) {
        const report = { dir: dir ?? null, status, tools: selector.tools.length, embedded, reused, warnings };
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      reportIndexWarnings(io, selector);
      io.stdout.write(
        `${status} index of ${selector.tools.length} tools with ${selector.embedder.id}: ` +
          `${embedded} views embedded, ${reused} reused, in ${seconds}s\n${dir ?? '(in memory)'}\n`,
      );
    },
  });
  return command as unknown as CommandDef;
}

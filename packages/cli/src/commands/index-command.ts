import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { IndexWarningCode } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';
import { toSafeJson } from './safe-output.js';
import { indexWarnings, openSelector, reportIndexWarnings, SELECTOR_ARGS } from './selector-args.js';

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
        description: 'Print {dir, status, tools, embedded, reused, warnings, indexWarnings} as JSON',
      },
    },
    async run({ args }) {
      const started = performance.now();
      const selector = await openSelector(io, args);
      const { dir, status, embedded, reused, warnings } = selector.index;
      if (dir !== undefined && status === 'memory') {
        // Indexing is this command's whole job: an index that could not be saved is a failure, not a status.
        // Why, from what the index reported (the catalog's errors are printed on their own).
        const why = warnings.filter((warning) => warning.code !== IndexWarningCode.CatalogErrors);
        throw new ToolsiftError(
          ErrorCode.IndexNotSaved,
          `the index of ${selector.tools.length} tools was not saved: ${why.map((warning) => warning.message).join('; ')}`,
          { dir, warnings: why },
        );
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      reportIndexWarnings(io, selector);
      if (args.json === true) {
        const report = {
          dir: dir ?? null,
          status,
          tools: selector.tools.length,
          embedded,
          reused,
          warnings,
          indexWarnings: indexWarnings(selector),
        };
        io.stdout.write(`${toSafeJson(report)}\n`);
        return;
      }
      io.stdout.write(
        `${status} index of ${selector.tools.length} tools with ${selector.embedder.id}: ` +
          `${embedded} views embedded, ${reused} reused, in ${seconds}s\n${dir ?? '(in memory)'}\n`,
      );
    },
  });
  return command as unknown as CommandDef;
}

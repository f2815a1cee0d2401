import { loadCatalog } from '@toolsift/core';
import { type CommandDef, defineCommand } from 'citty';
import { ExitCode, ExitWith } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { diagnosticToJson, formatDiagnostic } from './format-diagnostic.js';
import { INPUT_FORMAT_ARGS_WITH_ALIAS, parseInputFormat } from './input-format-args.js';
import { OVERLAY_ARGS, overlayPaths } from './overlay-args.js';

/** `toolsift validate PATH... [--json] [--strict] [--input-format F]`: load metadata and report every diagnostic. */
export function createValidateCommand(io: CliIo): CommandDef {
  // citty's CommandDef<Args> is not assignable to the erased CommandDef (its `run` is contravariant).
  const command = defineCommand({
    meta: {
      name: 'validate',
      description: 'Check tool metadata files and folders; exit 1 on any error (with --strict, any warning).',
    },
    args: {
      path: {
        type: 'positional',
        required: true,
        valueHint: 'PATH...',
        description: 'Metadata files or folders, one or more (folders are walked)',
      },
      json: { type: 'boolean', description: 'Print {files, tools, diagnostics} as JSON' },
      strict: { type: 'boolean', description: 'Warnings fail too' },
      ...INPUT_FORMAT_ARGS_WITH_ALIAS,
      ...OVERLAY_ARGS,
    },
    async run({ args }) {
      const format = parseInputFormat(args);
      const { tools, diagnostics, files } = await loadCatalog(args._, {
        cwd: io.cwd,
        format,
        overlays: overlayPaths(args.overlay),
        shippedOverlays: args['shipped-overlays'] !== false,
      });
      const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
      const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length;
      if (args.json === true) {
        const report = { files, tools: tools.length, diagnostics: diagnostics.map(diagnosticToJson) };
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        for (const diagnostic of diagnostics) io.stdout.write(`${formatDiagnostic(diagnostic)}\n`);
        io.stdout.write(
          `${count(files, 'file')}, ${count(tools.length, 'tool')}: ${count(errors, 'error')}, ${count(warnings, 'warning')}\n`,
        );
      }
      if (errors > 0 || (args.strict === true && warnings > 0)) throw new ExitWith(ExitCode.InputError);
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

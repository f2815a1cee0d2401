import { ErrorCode, loadCatalog, type Tool, ToolsiftError, WRITE_TARGETS, writeTools } from '@toolsift/core';
import { type CommandDef, defineCommand } from 'citty';
import { ExitCode, ExitWith } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { formatDiagnostic } from './format-diagnostic.js';
import { INPUT_FORMAT_ARGS_WITH_ALIAS, parseInputFormat } from './input-format-args.js';

/**
 * `toolsift convert FILE --to TARGET [--id ID] [--input-format F]`: write loaded tools out as another metadata format or an
 * LLM's tool format; what a target cannot express is reported on stderr.
 */
export function createConvertCommand(io: CliIo): CommandDef {
  const targets = WRITE_TARGETS;
  // citty's CommandDef<Args> is not assignable to the erased CommandDef (its `run` is contravariant).
  const command = defineCommand({
    meta: {
      name: 'convert',
      description:
        'Write the tools of a metadata file in another format on stdout (one tool: an object; several: a list).',
    },
    args: {
      file: {
        type: 'positional',
        required: true,
        description: 'Metadata file (or folder)',
      },
      to: {
        type: 'string',
        required: true,
        valueHint: 'TARGET',
        description: `Target format: ${targets.join(', ')}`,
      },
      id: { type: 'string', valueHint: 'ID', description: 'Convert only the tool with this id (or name)' },
      ...INPUT_FORMAT_ARGS_WITH_ALIAS,
    },
    async run({ args }) {
      const format = parseInputFormat(args);
      if (!targets.includes(args.to)) {
        throw new ToolsiftError(
          ErrorCode.UsageError,
          `Unknown --to format "${args.to}". Valid formats: ${targets.join(', ')}.`,
        );
      }
      // A tool is written as its own files say it: the shipped overlays are selection aids, not the tool's metadata.
      const { tools, diagnostics } = await loadCatalog([args.file], {
        cwd: io.cwd,
        format,
        shippedOverlays: false,
      });
      for (const diagnostic of diagnostics) io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
      if (diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
        throw new ExitWith(ExitCode.InputError);
      const selected = selectTools(tools, args.id, args.file);
      const written = writeTools(selected, { to: args.to });
      for (const warning of written.warnings) io.stderr.write(`warning: ${warning}\n`);
      io.stdout.write(written.text);
    },
  });
  return command as unknown as CommandDef;
}

// --- internal ---

function selectTools(tools: Tool[], id: string | undefined, file: string): Tool[] {
  if (tools.length === 0) throw new ToolsiftError(ErrorCode.NotATool, `No tools found in ${file}.`);
  if (id === undefined) return tools;
  const match = tools.find((tool) => tool.id === id) ?? tools.find((tool) => tool.name === id);
  if (match !== undefined) return [match];
  const known = tools.map((tool) => tool.id);
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `No tool with id or name "${id}" in ${file}. Known ids: ${known.slice(0, 20).join(', ')}` +
      `${known.length > 20 ? `, ... (${known.length} in all)` : ''}.`,
  );
}

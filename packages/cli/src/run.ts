import { ErrorCode, isToolsiftError, ToolsiftError } from '@toolsift/core';
import { type CommandDef, defineCommand, renderUsage, runCommand } from 'citty';
import { checkArgs } from './check-args.js';
import { createCommands } from './commands/index.js';
import { closeSelectors } from './commands/selector-args.js';
import { ExitCode, ExitWith } from './exit-code.js';
import type { CliIo } from './io.js';
import { colorFor } from './is-color-wanted.js';
import { closeIds } from './mcp/close-ids.js';
import { VERSION } from './version.js';

/** Run the CLI with `argv` (without node and script) and return the exit code; never calls process.exit. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const subCommands = createCommands(io);
  const main = defineCommand({
    meta: {
      name: 'toolsift',
      version: VERSION,
      description: 'Pick the few tools that fit a prompt from a large catalog of tool metadata.',
    },
    subCommands,
  });
  const args = [...argv];
  // What follows `--` is positional text (a prompt may say "--help"): never read as an option here.
  const ending = args.indexOf('--');
  const options = ending === -1 ? args : args.slice(0, ending);
  const commandIndex = options.findIndex((arg) => !arg.startsWith('-'));
  const commandName = commandIndex === -1 ? undefined : options[commandIndex];
  const command = commandName !== undefined ? subCommands[commandName] : undefined;

  if (options.includes('--version')) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.Ok;
  }
  if (args.length === 0 || options.includes('--help') || options.includes('-h')) {
    const usage = await renderUsage(command ?? main, command ? main : undefined);
    io.stdout.write(`${colorFor(io.stdout, io.env, usage)}\n`);
    return ExitCode.Ok;
  }
  const names = Object.keys(subCommands);
  if (command === undefined || commandName === undefined) {
    const [nearest] =
      commandName === undefined ? [] : closeIds({ wanted: commandName, ids: names, limit: 1 });
    const given = commandName === undefined ? 'no command' : `unknown command "${commandName}"`;
    io.stderr.write(
      `toolsift: ${given}${nearest !== undefined ? `; did you mean "${nearest}"?` : '.'} Commands: ${names.join(', ')}.\n` +
        'Run `toolsift --help` for usage.\n',
    );
    return ExitCode.InputError;
  }
  try {
    // Options go after the command: before it, citty would drop them without a word.
    const early = args.slice(0, commandIndex);
    if (early.length > 0) {
      throw new ToolsiftError(
        ErrorCode.UsageError,
        `${early.join(' ')}: options go after the command, as in \`toolsift ${commandName} ${early.join(' ')}\``,
      );
    }
    await checkArgs({ command: commandName, definition: command, argv: args.slice(commandIndex + 1) });
    await runCommand(main, { rawArgs: args, showUsage: false });
    return ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, command, main);
  } finally {
    // A shared store's connections end with the command: they would keep the process waiting.
    await closeSelectors(io);
  }
}

// --- internal ---

async function reportFailure(
  error: unknown,
  io: CliIo,
  command: CommandDef,
  main: CommandDef,
): Promise<number> {
  if (error instanceof ExitWith) return error.exitCode;
  // citty colours its usage screens and messages: keep that only where stderr wants colour.
  const usage = async () => colorFor(io.stderr, io.env, await renderUsage(command, main));
  if (isToolsiftError(error)) {
    io.stderr.write(`toolsift: ${error.message} [${error.code}]\n`);
    if (error.code === 'USAGE_ERROR') io.stderr.write(`\n${await usage()}\n`);
    return ExitCode.InputError;
  }
  // citty raises CLIError for bad arguments (missing required, bad enum value): a usage problem, not a bug.
  if (error instanceof Error && error.name === 'CLIError') {
    io.stderr.write(`toolsift: ${colorFor(io.stderr, io.env, error.message)}\n\n${await usage()}\n`);
    return ExitCode.InputError;
  }
  io.stderr.write(
    `toolsift: internal error (this is a bug):\n${error instanceof Error ? error.stack : String(error)}\n`,
  );
  return ExitCode.InternalError;
}

import { ToolsiftError } from '@toolsift/core';
import { type CommandDef, defineCommand, renderUsage, runCommand } from 'citty';
import { createCommands } from './commands/index.js';
import { ExitCode, ExitWith } from './exit-code.js';
import type { CliIo } from './io.js';
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
  const commandName = args.find((arg) => !arg.startsWith('-'));
  const command = commandName !== undefined ? subCommands[commandName] : undefined;

  if (args.includes('--version') && command === undefined) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.Ok;
  }
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${await renderUsage(command ?? main, command ? main : undefined)}\n`);
    return ExitCode.Ok;
  }
  if (command === undefined) {
    io.stderr.write(
      `toolsift: unknown command "${commandName ?? args[0]}". Commands: ${Object.keys(subCommands).join(', ')}.\n` +
        'Run `toolsift --help` for usage.\n',
    );
    return ExitCode.InputError;
  }
  try {
    await runCommand(main, { rawArgs: args, showUsage: false });
    return ExitCode.Ok;
  } catch (error) {
    return reportFailure(error, io, command, main);
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
  if (error instanceof ToolsiftError) {
    io.stderr.write(`toolsift: ${error.message} [${error.code}]\n`);
    if (error.code === 'USAGE_ERROR') io.stderr.write(`\n${await renderUsage(command, main)}\n`);
    return ExitCode.InputError;
  }
  // citty raises CLIError for bad arguments (missing required, bad enum value): a usage problem, not a bug.
  if (error instanceof Error && error.name === 'CLIError') {
    io.stderr.write(`toolsift: ${error.message}\n\n${await renderUsage(command, main)}\n`);
    return ExitCode.InputError;
  }
  io.stderr.write(
    `toolsift: internal error (this is a bug):\n${error instanceof Error ? error.stack : String(error)}\n`,
  );
  return ExitCode.InternalError;
}

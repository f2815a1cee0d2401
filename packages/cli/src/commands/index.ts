import type { CommandDef } from 'citty';
import type { CliIo } from '../io.js';

/** Every subcommand, by name. Each file in this folder exports a factory taking the IO to write to. */
export function createCommands(_io: CliIo): Record<string, CommandDef> {
  return {};
}

import type { CommandDef } from 'citty';
import type { CliIo } from '../io.js';
import { createConvertCommand } from './convert.js';
import { createDoctorCommand } from './doctor.js';
import { createEmbedCommand } from './embed.js';
import { createEvalCommand } from './eval.js';
import { createGatewayCommand } from './gateway.js';
import { createIndexCommand } from './index-command.js';
import { createInspectCommand } from './inspect.js';
import { createLearnCommand } from './learn.js';
import { createQueryCommand } from './query.js';
import { createServeCommand } from './serve.js';
import { createUiCommand } from './ui.js';
import { createValidateCommand } from './validate.js';

/** Every subcommand, by name. Each file in this folder exports a factory taking the IO to write to. */
export function createCommands(io: CliIo): Record<string, CommandDef> {
  return {
    convert: createConvertCommand(io),
    doctor: createDoctorCommand(io),
    embed: createEmbedCommand(io),
    eval: createEvalCommand(io),
    gateway: createGatewayCommand(io),
    index: createIndexCommand(io),
    inspect: createInspectCommand(io),
    learn: createLearnCommand(io),
    query: createQueryCommand(io),
    serve: createServeCommand(io),
    ui: createUiCommand(io),
    validate: createValidateCommand(io),
  };
}

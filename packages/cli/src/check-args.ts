import { ErrorCode, ToolsiftError } from '@toolsift/core';
import type { ArgDef, ArgsDef, CommandDef } from 'citty';
import { closeIds } from './mcp/close-ids.js';

/**
 * Refuse what citty would silently drop or misread in a command's arguments (`argv`, after the command name): an
 * unknown option (with the nearest valid name), a `--no-` form of an option that is no switch, an option without
 * its value, a value given to a switch, and more positional arguments than the command takes.
 * @example await checkArgs({ command: 'query', definition: queryCommand, argv: ['--kk', '3', 'hello'] }) // throws "unknown option --kk … did you mean --k?"
 */
export async function checkArgs(options: {
  command: string;
  definition: CommandDef;
  argv: readonly string[];
}): Promise<void> {
  const { command, argv } = options;
  const args = await resolveArgs(options.definition.args);
  const flags = new Map(Object.entries(args).filter(([, arg]) => arg.type !== 'positional'));
  const positionals = Object.entries(args)
    .filter(([, arg]) => arg.type === 'positional')
    .map(([name, arg]) => ({ name, valueHint: arg.valueHint }));
  const isVariadic = positionals.some((arg) => arg.valueHint?.endsWith('...') === true);
  const given: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index]!;
    if (token === '--') {
      given.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith('-') || token === '-') {
      given.push(token);
      continue;
    }
    if (!token.startsWith('--')) throw unknownOption({ command, token, flags });
    const [name = '', value] = splitOption(token.slice(2));
    const arg = flags.get(name);
    if (arg === undefined) {
      const negated = name.startsWith('no-') ? flags.get(name.slice(3)) : undefined;
      if (negated?.type === 'boolean' && value === undefined) continue;
      if (negated !== undefined) {
        throw usageError(
          `--${name}: only on/off options have a --no- form, and --${name.slice(3)} takes a value`,
        );
      }
      throw unknownOption({ command, token: `--${name}`, flags });
    }
    if (arg.type === 'boolean') {
      if (value !== undefined && value !== 'true' && value !== 'false') {
        throw usageError(`--${name} is an on/off option and takes no value; got "${value}"`);
      }
      continue;
    }
    if (value !== undefined) continue;
    const next = argv[index + 1];
    // A value may start with one dash (`--k -1` is then refused as a number, not as a missing value).
    if (next === undefined || next.startsWith('--')) {
      throw usageError(
        `--${name} needs a value (${arg.valueHint ?? 'VALUE'})${next === undefined ? '' : `, but is followed by ${next}`}`,
      );
    }
    index++;
  }
  if (!isVariadic && given.length > positionals.length) {
    const takes = positionals.map((arg) => arg.valueHint ?? arg.name.toUpperCase()).join(' ');
    const quoted = given.map((token) => `"${token}"`).join(' ');
    throw usageError(
      `${command} takes ${positionals.length === 0 ? 'no argument' : `${positionals.length === 1 ? 'one argument' : `${positionals.length} arguments`} (${takes})`} besides its options; got ${quoted} (quote a value that has spaces)`,
    );
  }
}

// --- internal ---

async function resolveArgs(args: CommandDef['args']): Promise<ArgsDef> {
  const resolved = typeof args === 'function' ? await args() : await args;
  return resolved ?? {};
}

// `--k=3` → ['k', '3']; `--k` → ['k', undefined].
function splitOption(option: string): [string, string | undefined] {
  const equals = option.indexOf('=');
  return equals === -1 ? [option, undefined] : [option.slice(0, equals), option.slice(equals + 1)];
}

function unknownOption(input: { command: string; token: string; flags: Map<string, ArgDef> }): ToolsiftError {
  // A switch that is on by default is written in its --no- form: listed so, and a misspelt one is near that form.
  const names = [
    ...[...input.flags].map(([name, arg]) =>
      arg.type === 'boolean' && arg.default === true ? `no-${name}` : name,
    ),
    'help',
  ];
  const wanted = input.token.replace(/^-+/, '');
  const [nearest] = closeIds({ wanted, ids: names, limit: 1 });
  const hint =
    nearest !== undefined
      ? `did you mean --${nearest}?`
      : `${input.command} takes ${names.map((name) => `--${name}`).join(', ')}`;
  const dash = input.token.startsWith('--') ? '' : ' (a value that starts with "-" goes after --)';
  return usageError(`unknown option ${input.token} for ${input.command}${dash}; ${hint}`);
}

function usageError(message: string): ToolsiftError {
  return new ToolsiftError(ErrorCode.UsageError, message);
}

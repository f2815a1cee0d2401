import { ErrorCode, type ToolFormat, ToolFormatSchema, ToolsiftError } from '@toolsift/core';

/**
 * The option every command that reads a catalog takes to force the input format. Not `--format`: `query --format`
 * names the LLM tool format it prints.
 */
export const INPUT_FORMAT_ARGS = {
  'input-format': {
    type: 'string',
    valueHint: 'FORMAT',
    description: `Read every catalog file as this format instead of detecting it: ${ToolFormatSchema.options.join(', ')}`,
  },
} as const;

/** `INPUT_FORMAT_ARGS` plus `--format`, the name `validate` and `convert` had first, kept as an alias. */
export const INPUT_FORMAT_ARGS_WITH_ALIAS = {
  ...INPUT_FORMAT_ARGS,
  format: { type: 'string', valueHint: 'FORMAT', description: 'Same as --input-format' },
} as const;

/**
 * The format `--input-format` (or its alias `--format`) forces, undefined to detect it; an unknown format, or the
 * two options naming different ones, is a usage error listing the formats.
 */
export function parseInputFormat(args: {
  'input-format'?: string | undefined;
  format?: string | undefined;
}): ToolFormat | undefined {
  const given = args['input-format'] ?? args.format;
  if (
    args['input-format'] !== undefined &&
    args.format !== undefined &&
    args['input-format'] !== args.format
  ) {
    throw new ToolsiftError(
      ErrorCode.UsageError,
      `--input-format "${args['input-format']}" and its alias --format "${args.format}" disagree; give one.`,
    );
  }
  if (given === undefined || given === '') return undefined;
  const result = ToolFormatSchema.safeParse(given);
  if (result.success) return result.data;
  const option = args['input-format'] !== undefined ? '--input-format' : '--format';
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `${option} must be one of ${ToolFormatSchema.options.join(', ')}; got "${given}".`,
  );
}

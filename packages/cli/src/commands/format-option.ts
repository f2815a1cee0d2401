import { ErrorCode, type ToolFormat, ToolFormatSchema, ToolsiftError } from '@toolsift/core';

/** Help text for a `--format` option. */
export const FORMAT_OPTION_HELP = `Read every file as this format instead of detecting it (${ToolFormatSchema.options.join(', ')})`;

/** Check a `--format` value; an unknown one is a usage error naming the valid formats. */
export function parseFormatOption(value: string | undefined): ToolFormat | undefined {
  if (value === undefined || value === '') return undefined;
  const result = ToolFormatSchema.safeParse(value);
  if (result.success) return result.data;
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `Unknown format "${value}". Valid formats: ${ToolFormatSchema.options.join(', ')}.`,
  );
}

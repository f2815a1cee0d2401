import { createJsonLocator, ErrorCode, isRecord, ToolsiftError } from '@toolsift/core';

/**
 * The config file's `"toolsift": {"learn": true}` (learning from calls, as `--learn`): undefined when the file does
 * not say. CONFIG_INVALID, with the line, for a value that is not true or false. `configText` was read by
 * `readGatewayConfig`, which has reported a file that is not JSON.
 * @example readConfigLearn({ configFile, configText: '{"toolsift": {"learn": true}, "mcpServers": {}}' }) // true
 */
export function readConfigLearn(options: { configFile: string; configText: string }): boolean | undefined {
  let data: unknown;
  try {
    data = JSON.parse(options.configText);
  } catch {
    return undefined;
  }
  if (!isRecord(data) || !isRecord(data.toolsift)) return undefined;
  const { learn } = data.toolsift;
  if (learn === undefined || typeof learn === 'boolean') return learn;
  const position = createJsonLocator(options.configText)('/toolsift/learn');
  throw new ToolsiftError(
    ErrorCode.ConfigInvalid,
    `the gateway config ${options.configFile} is invalid: ${position === undefined ? '' : `line ${position.line}, `}toolsift.learn: expected true or false`,
    { file: options.configFile, field: 'toolsift.learn' },
  );
}

import { describe, expect, test } from 'vitest';
import { readConfigLearn } from '../../src/gateway/config-learn.js';

const configFile = '/home/ada/mcp.json';

describe('readConfigLearn', () => {
  test.each([
    ['{"mcpServers": {}}', undefined],
    ['{"toolsift": {"overlays": ["./overlays/"]}, "mcpServers": {}}', undefined],
    ['{"toolsift": {"learn": true}, "mcpServers": {}}', true],
    ['{"toolsift": {"learn": false}, "mcpServers": {}}', false],
  ])('%s -> %s', (configText, learn) => {
    expect(readConfigLearn({ configFile, configText })).toBe(learn);
  });

  test('a value other than true or false is CONFIG_INVALID, with its line', () => {
    const configText = '{\n  "toolsift": {\n    "learn": "yes"\n  },\n  "mcpServers": {}\n}';
    expect(() => readConfigLearn({ configFile, configText })).toThrowError(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
    expect(() => readConfigLearn({ configFile, configText })).toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: the gateway config /home/ada/mcp.json is invalid: line 3, toolsift.learn: expected true or false]`,
    );
  });
});

import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';
import { runToolsift } from '../cli/run-toolsift.js';

const SECRET = 'sk-live-4f3c2b1a0998877665544332211';

const folder = tempFolder('toolsift-gateway-cli-');

async function gatewayWith(config: unknown, extra: readonly string[] = []) {
  const file = path.join(folder, 'config.json');
  await writeFile(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return runToolsift(['gateway', '--config', 'config.json', ...extra], { cwd: folder });
}

describe('toolsift gateway: bad input', () => {
  test('a config entry of the wrong shape is exit 1 naming the file, the line, the field and what was expected', async () => {
    const result = await gatewayWith({
      mcpServers: { github: { command: 'gh-mcp', env: { GITHUB_TOKEN: SECRET, RETRIES: 3 } } },
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `toolsift: the gateway config ${path.join(folder, 'config.json')} is invalid:\n  ✖ line 7, mcpServers.github.env.RETRIES: expected a string value [CONFIG_INVALID]\n`,
    });
    expect(result.stderr).not.toContain(SECRET);
  });

  test('a missing config file is exit 1 with FILE_UNREADABLE', async () => {
    const result = await runToolsift(['gateway', '--config', 'nowhere.json'], { cwd: folder });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `toolsift: cannot read the gateway config ${path.join(folder, 'nowhere.json')} (ENOENT); expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it [FILE_UNREADABLE]\n`,
    );
  });

  test('a config that is not JSON is exit 1 with PARSE_ERROR', async () => {
    const result = await gatewayWith(`{"mcpServers": {"a": {"command": "x", "env": {"KEY": "${SECRET}"`);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^toolsift: the gateway config .*config\.json is not valid JSON: .*\[PARSE_ERROR\]\n$/,
    );
    expect(result.stderr).not.toContain(SECRET);
  });

  test.each([
    [['--http', 'eighty'], '--http must be a port number from 0 to 65535, written in digits; got "eighty"'],
    [['--http', '70000'], '--http must be a port number from 0 to 65535, written in digits; got "70000"'],
    [['--token', SECRET], '--token and --host apply to --http only'],
    [['--http', '0', '--token='], '--token must not be empty'],
    [['--http', '0', '--k', '0'], '--k must be a whole number >= 1 and <= 50, written in digits; got "0"'],
    [
      ['--max-result-mb', '300'],
      '--max-result-mb must be a whole number >= 1 and <= 256, written in digits; got "300"',
    ],
  ])('%j is a usage error (exit 1) that never echoes a token', async (extra, message) => {
    const result = await gatewayWith({ mcpServers: { a: { command: 'a' } } }, extra);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(`toolsift: ${message} [USAGE_ERROR]`);
    expect(result.stderr).not.toContain(SECRET);
  });

  test('a port in use is exit 1 saying so', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await gatewayWith(
        { mcpServers: { a: { command: path.join(folder, 'no-such-server') } } },
        ['--http', String(port)],
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `toolsift: cannot serve HTTP on 127.0.0.1:${port} (EADDRINUSE): the port is in use; pick another with --http, or 0 for a free one [USAGE_ERROR]\n`,
      );
    } finally {
      taken.close();
    }
  });

  test('--config is required', async () => {
    const result = await runToolsift(['gateway'], { cwd: folder });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Missing required argument: --config');
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';
import { parseGatewayConfig, readGatewayConfig } from '../../src/gateway/read-gateway-config.js';

const FILE = '/home/ada/claude_desktop_config.json';
const SECRET = 'ghp_v3ry5ecretT0ken';

const folder = tempFolder('toolsift-gateway-config-');

describe('parseGatewayConfig', () => {
  test('reads Claude Desktop stdio entries and Streamable HTTP entries, leaving other keys alone', () => {
    const upstreams = parseGatewayConfig(
      {
        globalShortcut: 'Ctrl+Space',
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
          github: {
            command: 'docker',
            args: ['run', 'ghcr.io/github/github-mcp-server'],
            env: { TOKEN: SECRET },
          },
          remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${SECRET}` } },
          old: { command: 'old-server', disabled: true },
        },
      },
      FILE,
    );
    expect(upstreams).toEqual([
      {
        name: 'filesystem',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
        env: {},
      },
      {
        name: 'github',
        transport: 'stdio',
        command: 'docker',
        args: ['run', 'ghcr.io/github/github-mcp-server'],
        env: { TOKEN: SECRET },
      },
      {
        name: 'remote',
        transport: 'http',
        url: new URL('https://mcp.example.com/mcp'),
        headers: { Authorization: `Bearer ${SECRET}` },
      },
    ]);
  });

  test("reads VS Code's servers key and type field", () => {
    const upstreams = parseGatewayConfig(
      {
        servers: {
          local: { type: 'stdio', command: 'node', args: ['server.js'], cwd: 'tools' },
          remote: { type: 'http', url: 'http://127.0.0.1:9000/mcp' },
          legacy: { type: 'sse', url: 'http://127.0.0.1:9001/sse' },
        },
      },
      FILE,
    );
    expect(upstreams.map((upstream) => [upstream.name, upstream.transport])).toEqual([
      ['local', 'stdio'],
      ['remote', 'http'],
      ['legacy', 'sse'],
    ]);
    expect(upstreams[0]).toMatchObject({ cwd: '/home/ada/tools' });
  });

  test.each([
    [
      [],
      'the gateway config /home/ada/claude_desktop_config.json is invalid:\n  ✖ (top level): Invalid input: expected object, received array',
    ],
    [
      { servers2: {} },
      'the gateway config /home/ada/claude_desktop_config.json is invalid:\n  ✖ (top level): expected an "mcpServers" object (or VS Code\'s "servers") mapping server names to entries',
    ],
    [
      { mcpServers: {} },
      'the gateway config /home/ada/claude_desktop_config.json has no enabled server under "mcpServers"; expected at least one entry such as {"command": "npx", "args": [...]} or {"url": "https://..."}',
    ],
    [
      { mcpServers: { git: { args: ['serve'] } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.git: expected "command" (a stdio server) or "url" (a Streamable HTTP server)',
    ],
    [
      { mcpServers: { git: { command: 'git-mcp', args: 'serve' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid:\n  ✖ mcpServers.git.args: Invalid input: expected array, received string',
    ],
    [
      { mcpServers: { web: { url: 'localhost:3000/mcp' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.web.url: expected an http:// or https:// URL, got localhost:',
    ],
    [
      { mcpServers: { web: { url: 'not a url' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.web.url: expected an absolute http:// or https:// URL',
    ],
    [
      { mcpServers: { web: { type: 'http' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.web.url: expected the server\'s URL for type "http"',
    ],
    [
      { mcpServers: { web: { type: 'websocket', url: 'ws://x' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid:\n  ✖ mcpServers.web.type: Invalid option: expected one of "stdio"|"http"|"streamable-http"|"streamableHttp"|"sse"',
    ],
    [
      { mcpServers: { both: { command: 'x', url: 'http://127.0.0.1/mcp' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.both: expected either "command" or "url", not both',
    ],
    [
      {
        mcpServers: {
          toolsift: { command: 'npx', args: ['-y', '@toolsift/cli', 'gateway', '--config', FILE] },
        },
      },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.toolsift: this entry starts the gateway with this same file, so it would start itself; keep the servers the gateway stands in front of in a file of their own',
    ],
    [
      { mcpServers: { '': { command: 'x' } } },
      'the gateway config /home/ada/claude_desktop_config.json is invalid: mcpServers.: expected a server name (the key) that is not empty',
    ],
  ])('%j is CONFIG_INVALID naming the file and the field', (config, message) => {
    expect(() => parseGatewayConfig(config, FILE)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message }),
    );
  });

  test('a bad env or header value is reported by its field, never quoted', () => {
    let message = '';
    try {
      parseGatewayConfig(
        {
          mcpServers: {
            github: { command: 'gh-mcp', env: { TOKEN: [SECRET] } },
            remote: { url: 'https://x.example/mcp', headers: { Authorization: { value: SECRET } } },
          },
        },
        FILE,
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatchInlineSnapshot(`
      "the gateway config /home/ada/claude_desktop_config.json is invalid:
        ✖ mcpServers.github.env.TOKEN: expected a string value
        ✖ mcpServers.remote.headers.Authorization: expected a string value"
    `);
    expect(message).not.toContain(SECRET);
  });
});

describe('readGatewayConfig', () => {
  test('a missing file is FILE_UNREADABLE naming it', async () => {
    const file = path.join(folder, 'missing.json');
    await expect(readGatewayConfig({ file, cwd: folder })).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      message: `cannot read the gateway config ${file} (ENOENT); expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it`,
    });
  });

  test('a file that is not JSON is PARSE_ERROR naming it', async () => {
    const file = path.join(folder, 'broken.json');
    await writeFile(file, '{ "mcpServers": { ');
    await expect(readGatewayConfig({ file: 'broken.json', cwd: folder })).rejects.toMatchObject({
      code: 'PARSE_ERROR',
      message: expect.stringMatching(new RegExp(`^the gateway config ${file} is not valid JSON: `)),
    });
  });

  // V8 quotes the text around a JSON error: an unquoted env value would be printed whole.
  test.each([
    [
      'an unquoted token, with lines before',
      `{\n  "mcpServers": {\n    "github": {\n      "env": {"TOKEN": ${SECRET}"}\n    }\n  }\n}\n`,
      4,
      24,
    ],
    [
      'an unquoted token on one line',
      `{"mcpServers":{"github":{"command":"npx","env":{"TOKEN":${SECRET}"}}}}`,
      1,
      57,
    ],
    ['a token cut off by the end of the file', `{"mcpServers":{"g":{"env":{"TOKEN":"${SECRET}`, 1, 56],
    ['a trailing comma after the token', `{"mcpServers":{"g":{"env":{"TOKEN":"${SECRET}",}}}}`, 1, 58],
  ])(
    'PARSE_ERROR for %s names the file, line and column, never the text',
    async (_case, text, line, column) => {
      const file = path.join(folder, 'leaky.json');
      await writeFile(file, text);
      const error = await readGatewayConfig({ file, cwd: folder }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'PARSE_ERROR',
        message: `the gateway config ${file} is not valid JSON: the syntax breaks at line ${line}, column ${column}; expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it`,
      });
      expect(JSON.stringify(error)).not.toContain(SECRET.slice(4));
    },
  );

  test('PARSE_ERROR without a position V8 gives says only that the file is not JSON', async () => {
    const file = path.join(folder, 'short.json');
    await writeFile(file, '{"a":ghp_x}'); // too short for V8 to quote around the error
    await expect(readGatewayConfig({ file, cwd: folder })).rejects.toMatchObject({
      code: 'PARSE_ERROR',
      message: `the gateway config ${file} is not valid JSON: expected an mcpServers JSON file as Claude Desktop, Cursor or VS Code write it`,
    });
  });

  test('a relative path resolves against cwd', async () => {
    await writeFile(path.join(folder, 'ok.json'), JSON.stringify({ mcpServers: { a: { command: 'a' } } }));
    await expect(readGatewayConfig({ file: 'ok.json', cwd: folder })).resolves.toEqual([
      { name: 'a', transport: 'stdio', command: 'a', args: [], env: {} },
    ]);
  });
});

import { describe, expect, test } from 'vitest';
import { readGatewayOverlays } from '../../src/gateway/gateway-overlays.js';

const read = (configText: string) =>
  readGatewayOverlays({
    configFile: '/nowhere/mcp.json',
    configText,
    paths: [],
    isShippedOn: false,
    cwd: '/',
  });

describe('readGatewayOverlays', () => {
  test("a server entry's own toolsift.tools is an overlay for that server, located in the config file", async () => {
    const text = JSON.stringify(
      {
        mcpServers: {
          notes: { command: 'x', toolsift: { tools: { add: { examples: ['jot this'], oops: 1 } } } },
        },
      },
      null,
      2,
    );
    const { overlays, diagnostics } = await read(text);
    expect(overlays).toMatchObject([
      {
        file: '/nowhere/mcp.json',
        server: { names: ['notes'] },
        entries: [{ tool: 'add', values: { examples: [{ prompt: 'jot this' }] } }],
      },
    ]);
    expect(diagnostics).toMatchObject([
      {
        code: 'METADATA_INVALID',
        file: '/nowhere/mcp.json',
        line: 11,
        message: expect.stringContaining('Unknown overlay key "oops"'),
      },
    ]);
  });

  test.each([
    ['{"toolsift": {"overlays": 42}, "mcpServers": {}}', '/toolsift/overlays'],
    ['{"toolsift": 5, "mcpServers": {}}', '/toolsift'],
  ])('toolsift.overlays of the wrong type is CONFIG_INVALID, not ignored: %s', async (text, pointer) => {
    const { overlays, diagnostics } = await read(text);
    expect(overlays).toEqual([]);
    expect(diagnostics).toMatchObject([{ code: 'CONFIG_INVALID', pointer }]);
  });
});

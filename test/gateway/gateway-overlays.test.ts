import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  nodeServer,
  notesFilesystemServer,
  referenceServer,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// Metadata for tools the user does not own, through the gateway in front of the real filesystem and memory servers:
// a server entry's own `toolsift.tools` (matched to that server by its config key) and an overlay file the config
// names (matched by the memory server's serverInfo name), with the shipped overlays turned off so that only these act.
const folder = tempFolder('toolsift-gateway-overlays-');
// Prompts no description of either server speaks of: only an overlay can tie them to a tool.
const INLINE_PROMPT = 'the plant watering rota for the balcony';
const FILE_PROMPT = 'which birthdays are coming up for the chess club';
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  const filesystem = await notesFilesystemServer(folder, 'Water the ficus.\n');
  await mkdir(path.join(folder, 'overlays'));
  await writeFile(
    path.join(folder, 'overlays', 'memory.yaml'),
    [
      'toolsift_overlay: 1',
      'server: memory-server',
      'tools:',
      '  search_nodes:',
      `    examples: ["${FILE_PROMPT}"]`,
      '  no_such_tool:',
      '    keywords: [nothing]',
      '',
    ].join('\n'),
  );
  const config = path.join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify(
      {
        toolsift: { overlays: ['./overlays/'] },
        mcpServers: {
          files: {
            ...filesystem,
            toolsift: { tools: { read_text_file: { examples: [INLINE_PROMPT], use_case: [] } } },
          },
          memory: nodeServer(referenceServer('server-memory'), [], {
            MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
          }),
        },
      },
      null,
      2,
    ),
  );
  ({ client, stderr } = await connectStdioGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index'), '--no-shipped-overlays'],
  }));
});

afterAll(async () => {
  await client?.close();
});

async function firstTool(query: string): Promise<string | undefined> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 3 } });
  expect(result.isError).not.toBe(true);
  return (result.structuredContent as { tools: Array<{ name: string }> }).tools[0]?.name;
}

describe('toolsift gateway with overlays', () => {
  test("a server entry's own toolsift.tools reaches that server's tool", async () => {
    expect(await firstTool(INLINE_PROMPT)).toBe('files__read_text_file');
  });

  test('an overlay file named by the config reaches the tools of the server its serverInfo names', async () => {
    expect(await firstTool(FILE_PROMPT)).toBe('memory__search_nodes');
  });

  test('a wrong key in the config overlay is reported with its line, and the gateway serves on', () => {
    expect(stderr()).toMatch(/mcp\.json:\d+:\d+ METADATA_INVALID Unknown overlay key "use_case"/);
    // The overlay file's entry for a tool the memory server does not have, said once.
    expect(
      stderr().match(/overlay entry "no_such_tool" matches no tool of server memory-server/g),
    ).toHaveLength(1);
  });
});

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  notesFilesystemServer,
  startHttpGateway,
  toolNames,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// A Streamable HTTP upstream that needs a bearer token: a gateway served over HTTP (in front of the real filesystem
// server), reached by a second gateway whose config gives the token in `headers`, and once with a wrong token.
const TOKEN = 'inner-token-0c5ad1e8b4f7-secret';
const WRONG = 'wrong-token-93ab77c1d2e4-secret';
const NOTES = 'Remote notes.\n';

const folder = tempFolder('toolsift-gateway-remote-');
let inner: Awaited<ReturnType<typeof startHttpGateway>>;
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  const filesystem = await notesFilesystemServer(folder, NOTES);
  const innerFolder = path.join(folder, 'inner');
  await mkdir(innerFolder);
  const innerConfig = await writeConfig(innerFolder, {
    filesystem,
  });
  inner = await startHttpGateway({
    args: ['--config', innerConfig, '--index-dir', path.join(innerFolder, 'index')],
    env: { TOOLSIFT_GATEWAY_TOKEN: TOKEN },
  });
  const outerConfig = await writeConfig(folder, {
    remote: { type: 'http', url: inner.url.href, headers: { Authorization: `Bearer ${TOKEN}` } },
    refused: { url: inner.url.href, headers: { Authorization: `Bearer ${WRONG}` } },
  });
  ({ client, stderr } = await connectStdioGateway({
    args: ['--config', outerConfig, '--index-dir', path.join(folder, 'index')],
  }));
});

afterAll(async () => {
  await client?.close();
  await inner?.stop();
});

describe('a Streamable HTTP upstream', () => {
  test('is reached with the headers of its entry, and its tools are called through the gateway', async () => {
    const search = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'call a tool of another MCP server by name', k: 5 },
    });
    expect(toolNames(search)).toContain('remote__call_tool');
    const result = await client.callTool({
      name: 'call_tool',
      arguments: {
        name: 'remote__call_tool',
        arguments: {
          name: 'filesystem__read_text_file',
          arguments: { path: path.join(folder, 'project', 'notes.txt') },
        },
      },
    });
    expect(result.content).toEqual([{ type: 'text', text: NOTES }]);
  });

  test('a refused one is reported by name, and neither token is ever printed', async () => {
    await expect.poll(() => stderr()).toContain('upstream "refused" could not be started or reached');
    expect(stderr()).toContain('Unauthorized');
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'refused__call_tool' } });
    expect(result.isError).toBe(true);
    const [text] = result.content as Array<{ text: string }>;
    expect(text?.text).toMatch(
      /^The upstream server "refused" is not available: it could not be started or reached: /,
    );
    for (const output of [stderr(), inner.stderr(), JSON.stringify(result)]) {
      expect(output).not.toContain(TOKEN);
      expect(output).not.toContain(WRONG);
    }
  });
});

import { readOverlay } from '@toolsift/core';
import { describe, expect, test } from 'vitest';
import { createGatewayIndex } from '../../src/gateway/gateway-index.js';
import type { UpstreamTool } from '../../src/gateway/upstream-pool.js';

// Two servers listing a tool of the same name, and an overlay for one of them naming a sibling as its alternative.
const TOOLS: UpstreamTool[] = [
  upstream('files', 'write_file', 'Write a file.', {
    name: 'file-server',
    title: 'Files',
    instructions: 'Local files.',
  }),
  upstream('files', 'edit_file', 'Edit lines of a file.', { name: 'file-server' }),
  upstream('cloud', 'write_file', 'Write a file to the bucket.'),
];

const OVERLAY = readOverlay(
  {
    file: 'overlay.json',
    syntax: 'json',
    data: {
      toolsift_overlay: 1,
      server: 'file-server',
      tools: {
        write_file: { keywords: ['save'], alternatives: [{ tool: 'edit_file', when: 'a few lines change' }] },
        wirte_file: { keywords: ['typo'] },
      },
    },
    locate: () => undefined,
  },
  { report: () => undefined },
)!;

describe('createGatewayIndex', () => {
  test('each tool knows its server; an overlay reaches its server only, and its relations name qualified tools', async () => {
    const logs: string[] = [];
    const index = createGatewayIndex({
      embedder: 'hash',
      indexDir: false,
      cwd: process.cwd(),
      env: {},
      overlays: [OVERLAY],
      log: (line) => logs.push(line),
    });
    await index.sync(TOOLS);
    await index.sync(TOOLS);
    // An entry that matches nothing is said once, not on every sync.
    expect(logs).toEqual([
      'overlay.json: overlay entry "wirte_file" matches no tool of server file-server of the upstreams listed so far [OVERLAY_UNMATCHED]',
    ]);
    const selector = await index.selector();
    const write = selector?.tool('files__write_file');
    expect(write).toMatchObject({
      server: {
        name: 'files',
        aliases: ['file-server', 'Files'],
        title: 'Files',
        description: 'Local files.',
      },
      keywords: ['save'],
      alternatives: [{ tool: 'files__edit_file', when: 'a few lines change' }],
      overlays: [
        { file: 'overlay.json', pointer: '/tools/write_file', fields: ['keywords', 'alternatives'] },
      ],
    });
    const cloud = selector?.tool('cloud__write_file');
    expect(cloud?.server).toEqual({ name: 'cloud', aliases: [] });
    expect(cloud?.keywords).toEqual([]);
  });
});

// --- internal ---

function upstream(
  server: string,
  name: string,
  description: string,
  serverInfo?: UpstreamTool['serverInfo'],
): UpstreamTool {
  return {
    qualifiedName: `${server}__${name}`,
    server,
    ...(serverInfo !== undefined ? { serverInfo } : {}),
    definition: { name, description, inputSchema: { type: 'object' } },
  };
}

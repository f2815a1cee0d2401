// The shipped overlays against the servers they are written for: each reference server installed from npm is
// started over stdio and its tools/list read, so a server update that renames, adds or rewrites a tool fails here.
// GitHub's own server (github/github-mcp-server) has no npm package: the entries of github.yaml written for its
// tools only are not checked here.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { applyOverlays, descriptionHash, loadTools, shippedOverlays, type Tool } from '@toolsift/core';
import { type ReferenceServerName, referenceServer } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { describe, expect, test } from 'vitest';

const folder = tempFolder('toolsift-overlays-');

interface ReferenceServer {
  package: ReferenceServerName;
  /** The key a gateway config would give it. */
  configKey: string;
  /** The shipped overlay written for it. */
  overlay: string;
  args?: string[];
  env?: Record<string, string>;
  /** Its overlay also holds entries for another server of the same name (GitHub's own). */
  isShared?: boolean;
}

// Placeholder credentials: the servers want them at start-up, and listing tools never uses them.
const SERVERS: ReferenceServer[] = [
  { package: 'server-filesystem', configKey: 'filesystem', overlay: 'filesystem', args: [folder] },
  {
    package: 'server-memory',
    configKey: 'memory',
    overlay: 'memory',
    env: { MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl') },
  },
  { package: 'server-everything', configKey: 'everything', overlay: 'everything', args: ['stdio'] },
  { package: 'server-sequential-thinking', configKey: 'sequential-thinking', overlay: 'sequential-thinking' },
  {
    package: 'server-github',
    configKey: 'github',
    overlay: 'github',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder' },
    isShared: true,
  },
  {
    package: 'server-slack',
    configKey: 'slack',
    overlay: 'slack',
    env: { SLACK_BOT_TOKEN: 'placeholder', SLACK_TEAM_ID: 'placeholder' },
  },
  {
    package: 'server-postgres',
    configKey: 'postgres',
    overlay: 'postgres',
    args: ['postgresql://localhost:1/toolsift-never-connected'],
  },
  { package: 'server-puppeteer', configKey: 'puppeteer', overlay: 'puppeteer' },
  {
    package: 'server-brave-search',
    configKey: 'brave-search',
    overlay: 'brave-search',
    env: { BRAVE_API_KEY: 'placeholder' },
  },
];

const { overlays } = await shippedOverlays();

describe.each(SERVERS.map((server) => [server.package, server] as const))(
  'the shipped overlay of @modelcontextprotocol/%s',
  (_package, server) => {
    test('names the server as it calls itself, by its usual config key and by its package', async () => {
      const { serverInfo } = await listTools(server);
      const names = overlayOf(server).server?.names.map((name) => name.toLowerCase());
      expect(names).toEqual(
        expect.arrayContaining(
          [serverInfo.name, server.configKey, `@modelcontextprotocol/${server.package}`].map((name) =>
            name.toLowerCase(),
          ),
        ),
      );
    });

    test('has an entry for every live tool, written for its current description', async () => {
      const { serverInfo, tools } = await listTools(server);
      const applied = applyOverlays(tools, overlays).tools;
      const report = applied.map((tool) => ({
        tool: tool.name,
        overlays: (tool.overlays ?? []).map((overlay) => overlay.file),
        isStale: (tool.overlays ?? []).some((overlay) => overlay.isStale === true),
        hash: descriptionHash(tool.description),
      }));
      expect(report.filter((tool) => tool.isStale || tool.overlays.length !== 1)).toEqual([]);
      expect(new Set(report.flatMap((tool) => tool.overlays))).toEqual(
        new Set([`shipped:${server.overlay}`]),
      );
      // The same match through the server's own name alone (a catalog file that only has its serverInfo).
      const byInfo = applyOverlays(
        tools.map((tool) => ({ ...tool, server: { name: serverInfo.name, aliases: [] } })),
        overlays,
      );
      expect(byInfo.tools.filter((tool) => tool.overlays?.length !== 1).map((tool) => tool.name)).toEqual([]);
    });

    test.skipIf(server.isShared === true)('has no entry for a tool the server does not list', async () => {
      const { tools } = await listTools(server);
      const live = new Set(tools.map((tool) => tool.name));
      const entries = overlayOf(server).entries.map((entry) => entry.tool);
      expect(entries.filter((name) => !live.has(name))).toEqual([]);
    });
  },
);

// --- internal ---

const listed = new Map<string, Promise<{ serverInfo: { name: string }; tools: Tool[] }>>();

function overlayOf(server: ReferenceServer) {
  const overlay = overlays.find((candidate) => candidate.file === `shipped:${server.overlay}`);
  if (overlay === undefined) throw new Error(`no shipped overlay "${server.overlay}"`);
  return overlay;
}

/** The server's tools as the gateway would load them (config key as the server name, serverInfo.name as alias). */
function listTools(server: ReferenceServer): Promise<{ serverInfo: { name: string }; tools: Tool[] }> {
  let result = listed.get(server.package);
  if (result === undefined) {
    result = readTools(server);
    listed.set(server.package, result);
  }
  return result;
}

async function readTools(server: ReferenceServer): Promise<{ serverInfo: { name: string }; tools: Tool[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [referenceServer(server.package), ...(server.args ?? [])],
    env: { ...server.env },
    stderr: 'ignore',
  });
  // Every capability a client can declare: server-everything lists some tools only to clients that have them.
  const client = new Client(
    { name: 'toolsift-overlay-test', version: '1.0.0' },
    {
      capabilities: {
        roots: { listChanged: true },
        sampling: {},
        elicitation: { form: {}, url: {} },
        tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      },
    },
  );
  await client.connect(transport);
  try {
    const serverInfo = client.getServerVersion();
    if (serverInfo === undefined) throw new Error(`${server.package} sent no serverInfo`);
    const listing = await client.listTools();
    const loaded = loadTools({ tools: listing.tools }, { format: 'mcp', file: `${server.package}.json` });
    expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const tools = loaded.tools.map((tool) => ({
      ...tool,
      server: { name: server.configKey, aliases: [serverInfo.name] },
    }));
    return { serverInfo, tools };
  } finally {
    await client.close();
  }
}

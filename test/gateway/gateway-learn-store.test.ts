import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  connectStdioGateway,
  nodeServer,
  referenceServer,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../setup/postgres-server.js';

// Three `toolsift gateway --learn` processes on one PostgreSQL store (TOOLSIFT_STORE), each in front of its own
// filesystem and memory servers: a call learned through one changes the next search of the others, and a gateway
// killed with SIGKILL right after a call has lost nothing it learned.
const pg = await startTestPostgres('gateways learning on one PostgreSQL store');
afterAll(() => pg?.close());

const folder = tempFolder('toolsift-gateway-store-');
const gateways: Array<{ client: Client; pid: number }> = [];
afterAll(async () => {
  await Promise.all(gateways.map(({ client }) => client.close().catch(() => undefined)));
});

/** The generous bound of a poll for what another process learned (expected within about a second). */
const ADOPTED_WITHIN_MS = 30_000;

async function startGateway(store: string, name: string): Promise<{ client: Client; pid: number }> {
  const project = path.join(folder, name);
  await mkdir(project);
  const config = await writeConfig(project, {
    filesystem: nodeServer(referenceServer('server-filesystem'), [project]),
    memory: nodeServer(referenceServer('server-memory'), [], {
      MEMORY_FILE_PATH: path.join(project, 'memory.jsonl'),
    }),
  });
  // The URL through the environment: `ps` would show it on the command line.
  const { client, pid } = await connectStdioGateway({
    args: ['--config', config, '--learn'],
    env: { TOOLSIFT_STORE: store },
  });
  const gateway = { client, pid };
  gateways.push(gateway);
  return gateway;
}

async function search(client: Client, query: string): Promise<string[]> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 10 } });
  expect(result.isError).not.toBe(true);
  return (result.structuredContent as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });
  expect(result.isError).not.toBe(true);
  return result;
}

const ENTITY_QUERY = 'Ada joined as a designer';
const ENTITY_TOOL = 'memory__create_entities';
const createAda = { entities: [{ name: 'Ada', entityType: 'person', observations: ['designer'] }] };

describe.skipIf(pg === undefined)('gateways learning on one PostgreSQL store', () => {
  test('a call learned through one gateway changes the next search of the two others; kill -9 loses nothing', async () => {
    const store = await pg!.createDatabase();
    // The first builds the store's embeddings; the others start from them.
    const a = await startGateway(store, 'a');
    expect((await search(a.client, ENTITY_QUERY)).indexOf(ENTITY_TOOL)).toBeGreaterThan(0);
    const [b, c] = await Promise.all([startGateway(store, 'b'), startGateway(store, 'c')]);
    for (const other of [b, c]) expect((await search(other.client, ENTITY_QUERY))[0]).not.toBe(ENTITY_TOOL);

    const answer = await callTool(a.client, ENTITY_TOOL, createAda);
    expect(answer._meta).toBeUndefined();
    for (const other of [b, c]) {
      await expect
        .poll(async () => (await search(other.client, ENTITY_QUERY))[0], { timeout: ADOPTED_WITHIN_MS })
        .toBe(ENTITY_TOOL);
    }

    // Learned through b, which is killed as soon as the call is answered (the answer comes once it is learned).
    const writeQuery = 'stash this for later: the Q3 report is due Friday';
    const writeTool = 'filesystem__write_file';
    const before = await search(b.client, writeQuery);
    expect(before.indexOf(writeTool)).toBeGreaterThan(0);
    await callTool(b.client, writeTool, {
      path: path.join(folder, 'b', 'q3.txt'),
      content: 'Q3 report: Friday',
    });
    process.kill(b.pid, 'SIGKILL');
    await expect
      .poll(async () => (await search(c.client, writeQuery))[0], { timeout: ADOPTED_WITHIN_MS })
      .toBe(writeTool);

    // With the database down, a call is still answered, and says that what it learned holds in this process only.
    pg!.stopServer();
    try {
      expect(await search(c.client, 'Grace joined as an engineer')).toContain(ENTITY_TOOL);
      const grace = { entities: [{ name: 'Grace', entityType: 'person', observations: ['engineer'] }] };
      const unreachable = await callTool(c.client, ENTITY_TOOL, grace);
      expect(unreachable._meta?.['toolsift/warnings']).toEqual([
        expect.objectContaining({ code: 'STORE_UNREACHABLE' }),
      ]);
    } finally {
      pg!.start();
    }

    // And a gateway started after both, on the same store, has both.
    process.kill(a.pid, 'SIGKILL');
    const d = await startGateway(store, 'd');
    expect((await search(d.client, ENTITY_QUERY))[0]).toBe(ENTITY_TOOL);
    expect((await search(d.client, writeQuery))[0]).toBe(writeTool);
  });
});

import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectStdioGateway, nodeServer, referenceServer } from '@toolsift/test-support/gateway-process';
import { serveEnv } from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runToolsift } from '../cli/run-toolsift.js';

// `toolsift gateway --learn` over stdio, in front of the real filesystem and memory servers: a call of a tool a search
// returned teaches the index that search's query, in the index folder (it outlives the process), and nothing else
// does. The query is one the memory server's create_entities ranks second for (below create_relations).
const QUERY = 'Ada joined as a designer';
const TOOL = 'memory__create_entities';
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
const SECRET_QUERY = `Ada joined as a designer, her GitHub token is ${TOKEN}`;

const folder = tempFolder('toolsift-gateway-learn-');
const index = path.join(folder, 'index');
const learnedFile = path.join(index, 'learned.json');
let servers: Record<string, unknown>;
const clients: Client[] = [];

beforeAll(async () => {
  servers = {
    filesystem: nodeServer(referenceServer('server-filesystem'), [folder]),
    memory: nodeServer(referenceServer('server-memory'), [], {
      MEMORY_FILE_PATH: path.join(folder, 'memory.jsonl'),
    }),
  };
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** Write a config file with the two servers and `toolsift` settings; returns its path. */
async function config(name: string, toolsift?: Record<string, unknown>): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, JSON.stringify({ ...(toolsift ? { toolsift } : {}), mcpServers: servers }, null, 2));
  return file;
}

async function gateway(configFile: string, ...args: string[]): Promise<Client> {
  const { client } = await connectStdioGateway({
    args: ['--config', configFile, '--index-dir', index, ...args],
  });
  clients.push(client);
  return client;
}

/** The qualified names a search returns, best first. */
async function search(client: Client, query: string): Promise<string[]> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k: 10 } });
  return (result.structuredContent as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
}

async function createEntity(client: Client, entity: string) {
  const result = await client.callTool({
    name: 'call_tool',
    arguments: {
      name: TOOL,
      arguments: { entities: [{ name: entity, entityType: 'person', observations: ['designer'] }] },
    },
  });
  expect(result.isError).not.toBe(true);
  return result;
}

describe('toolsift gateway learning from calls', () => {
  test('is off by default: a search and a call learn nothing', async () => {
    const client = await gateway(await config('plain.json'));
    const found = await search(client, QUERY);
    expect(found.indexOf(TOOL)).toBeGreaterThan(0);
    const result = await createEntity(client, 'Ada');
    expect(result._meta).toBeUndefined();
    expect(existsSync(learnedFile)).toBe(false);
  });

  test('with "toolsift": {"learn": true}, a call of a tool a search returned ranks it higher for that query', async () => {
    const client = await gateway(await config('learning.json', { learn: true }));
    // Before any search returned it, a call teaches nothing.
    await createEntity(client, 'Grace');
    expect(existsSync(learnedFile)).toBe(false);

    const before = await search(client, QUERY);
    expect(before.indexOf(TOOL)).toBeGreaterThan(0);
    const result = await createEntity(client, 'Ada');
    expect(result._meta).toBeUndefined();
    expect((await search(client, QUERY))[0]).toBe(TOOL);

    // A query that holds a secret is not learned, and the answer says so.
    expect(await search(client, SECRET_QUERY)).toContain(TOOL);
    const secret = await createEntity(client, 'Ada');
    expect(secret._meta).toEqual({
      'toolsift/warnings': [
        {
          code: 'PROMPT_HAS_SECRET',
          message:
            'The query of the search that found this tool looks like it holds a secret (a key, a token, a password): it was not learned.',
        },
      ],
    });
    for (const file of await readdir(index, { recursive: true })) {
      const text = await readFile(path.join(index, file)).catch(() => Buffer.alloc(0));
      expect(text.includes(TOKEN), file).toBe(false);
    }
  });

  test('what was learned survives a restart, and toolsift learn --forget --gateway forgets it', async () => {
    const plain = path.join(folder, 'plain.json');
    const client = await gateway(plain);
    expect((await search(client, QUERY))[0]).toBe(TOOL);
    await client.close();

    await writeFile(
      path.join(folder, 'forget.jsonl'),
      `${JSON.stringify({ id: '1', query: QUERY, gold: [TOOL] })}\n`,
    );
    const forgot = await runToolsift(
      ['learn', 'forget.jsonl', '--forget', '--gateway', plain, '--index-dir', index],
      { cwd: folder, env: serveEnv() },
    );
    expect(forgot).toMatchObject({ code: 0, stdout: 'forgot 1 prompt(s) for 1 tool(s); 0 not found\n' });

    const after = await gateway(plain, '--learn');
    expect((await search(after, QUERY))[0]).not.toBe(TOOL);
    // --learn turns learning on without the config's setting.
    await createEntity(after, 'Ada');
    expect((await search(after, QUERY))[0]).toBe(TOOL);
  });
});

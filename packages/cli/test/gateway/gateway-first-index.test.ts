import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadCatalog, toMcpTools } from '@toolsift/core';
import {
  connectHttpClient,
  GATEWAY_FIXTURES,
  nodeServer,
  toolNames,
} from '@toolsift/test-support/gateway-process';
import { repoRoot } from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';
import { type HttpGateway, serveHttp } from '../../src/gateway/serve-http.js';

// The gateway in-process over HTTP, in front of a stdio server listing many tools (the tools of metadata/, repeated
// as marked variants), on its first start: the real model embeds every tool while the client talks to it. Events are recorded in the order they happen.
const TOOLS = 300;
const TOKEN = 'first-index-test-token';
const folder = tempFolder('toolsift-gateway-first-index-');
let gateway: Gateway;
let http: HttpGateway;
let client: Client;
const events: string[] = [];
let embeddingStarted: Promise<void>;

beforeAll(async () => {
  const toolsFile = path.join(folder, 'tools.json');
  await writeFile(toolsFile, JSON.stringify(await manyTools(TOOLS)));
  const upstreams = parseGatewayConfig(
    { mcpServers: { many: nodeServer(path.join(GATEWAY_FIXTURES, 'listed-tools-server.mjs'), [toolsFile]) } },
    'test config',
  );
  let onEmbedding = (): void => undefined;
  embeddingStarted = new Promise((resolve) => {
    onEmbedding = resolve;
  });
  gateway = createGateway({
    upstreams,
    embedder: 'use-lite',
    indexDir: path.join(folder, 'index'),
    cwd: folder,
    env: { TOOLSIFT_CACHE_DIR: SHARED_TEST_CACHE_DIR },
    log: (line) => {
      if (line.startsWith('indexing: embedding')) onEmbedding();
      const embedded = /^indexing: (\d+) of (\d+) texts embedded$/.exec(line);
      if (embedded !== null && embedded[1] === embedded[2]) events.push('every text embedded');
    },
  });
  void gateway.core.ready.then(() => events.push('index built'));
  http = await serveHttp({
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
    createServer: () => gateway.createServer({ dynamicMax: 0 }),
  });
  client = await connectHttpClient(new URL(http.url), TOKEN);
});

afterAll(async () => {
  await client?.close();
  await http?.close();
  await gateway?.close();
});

describe('a gateway building its first index', () => {
  test('answers requests meanwhile, and the search sent before the index existed once it is built', async () => {
    const search = client
      .callTool(
        { name: 'search_tools', arguments: { query: 'show a map centred on the Eiffel Tower', k: 1 } },
        undefined,
        { timeout: 600_000 },
      )
      .then((result) => {
        events.push('search answered');
        return result as CallToolResult;
      });
    await embeddingStarted;
    expect(events).toEqual([]);

    const refused = fetch(http.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }).then((response) => events.push(`unauthenticated: ${response.status}`));
    const listed = client.listTools().then((result) => events.push(`tools/list: ${result.tools.length}`));
    await Promise.all([refused, listed]);
    const answer = await search;

    // Both answered while the tools were being embedded; the search once the index was built.
    expect(events.slice(0, 2).sort()).toEqual(['tools/list: 2', 'unauthenticated: 401']);
    expect(events.slice(2)).toEqual(['every text embedded', 'index built', 'search answered']);
    expect(answer.isError).toBeUndefined();
    expect(toolNames(answer)).toEqual(['many__maps_showMap']);
  });
});

// --- internal ---

/** `count` tools as an MCP server lists them: those of metadata/, then marked variants of them (copy 1, 2, ...). */
async function manyTools(count: number) {
  const { tools } = await loadCatalog([path.join(repoRoot, 'metadata')]);
  const many = Array.from({ length: count }, (_, index) => {
    const tool = tools[index % tools.length]!;
    const copy = Math.floor(index / tools.length);
    return copy === 0
      ? tool
      : { ...tool, id: `${tool.id}~${copy}`, description: `⟨v${copy}⟩ ${tool.description}` };
  });
  return toMcpTools(many).tools;
}

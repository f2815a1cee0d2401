import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createHashEmbedder, type Embedder } from '@toolsift/selector';
import { GATEWAY_FIXTURES, nodeServer, toolNames } from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.js';
import { parseGatewayConfig } from '../../src/gateway/read-gateway-config.js';

// The gateway in-process, over a real stdio upstream, with an embedder that cannot embed until it is repaired (as a
// model server that is down until it is started): the first index fails, a search after the repair builds it.
const folder = tempFolder('toolsift-gateway-index-retry-');
let gateway: Gateway;
let client: Client;
const logs: string[] = [];
let isEmbedderDown = true;

function repairableEmbedder(): Embedder {
  const hash = createHashEmbedder();
  return {
    id: hash.id,
    dimensions: hash.dimensions,
    async embed(texts) {
      if (isEmbedderDown) throw new Error('the embedding server is not running');
      return hash.embed(texts);
    },
  };
}

beforeAll(async () => {
  gateway = createGateway({
    upstreams: parseGatewayConfig(
      {
        mcpServers: { growing: nodeServer(path.join(GATEWAY_FIXTURES, 'growing-server.mjs')) },
      },
      'test config',
    ),
    embedder: repairableEmbedder(),
    indexDir: path.join(folder, 'index'),
    cwd: folder,
    env: {},
    log: (line) => logs.push(line),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer({ dynamicMax: 0 }).connect(serverSide);
  client = new Client({ name: 'gateway-index-retry-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

function search() {
  return client.callTool({
    name: 'search_tools',
    arguments: { query: 'remove a tool from this server', k: 1 },
  });
}

describe('a first index that could not be built', () => {
  test('fails the search with the reason, and the next search once the cause is gone builds it', async () => {
    const failed = await search().catch((error: unknown) => ({
      isError: true,
      content: [{ text: String(error) }],
    }));
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toContain('the embedding server is not running');
    expect(logs).toContain('the index could not be built: the embedding server is not running');

    isEmbedderDown = false;
    const found = await search();
    expect(found.isError).toBeUndefined();
    expect(toolNames(found)).toEqual(['growing__remove_tool']);
  });
});

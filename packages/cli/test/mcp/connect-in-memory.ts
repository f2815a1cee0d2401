import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Selector } from '@toolsift/selector';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';

/** `createMcpServer` over `selector`, reached by an SDK client named `name` through an in-memory transport. */
export async function connectInMemory(selector: Promise<Selector>, name: string): Promise<Client> {
  const server = createMcpServer({ selector });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

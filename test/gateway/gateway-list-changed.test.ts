import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  connectStdioGateway,
  GATEWAY_FIXTURES,
  nodeServer,
  toolNames,
  writeConfig,
} from '@toolsift/test-support/gateway-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// A real upstream whose tool list changes while it runs (add_tool / remove_tool send tools/list_changed), behind a
// gateway in dynamic mode: the tools a search finds join the gateway's own tools/list.
const folder = tempFolder('toolsift-gateway-changes-');
let client: Client;
let listChanged = 0;

beforeAll(async () => {
  const config = await writeConfig(folder, {
    growing: nodeServer(path.join(GATEWAY_FIXTURES, 'growing-server.mjs')),
  });
  ({ client } = await connectStdioGateway({
    args: ['--config', config, '--index-dir', path.join(folder, 'index'), '--dynamic'],
  }));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanged += 1;
  });
});

afterAll(async () => {
  await client?.close();
});

async function searchNames(query: string, k = 3): Promise<string[]> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query, k } });
  expect(result.isError).not.toBe(true);
  return toolNames(result);
}

function call(name: string, args: Record<string, unknown>) {
  return client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });
}

describe("an upstream's tools/list_changed", () => {
  test('a tool the upstream adds is found by the next search, and one it removes is not', async () => {
    expect(await searchNames('convert 100 euros to US dollars')).not.toContain('growing__convert_currency');
    await call('growing__add_tool', {
      name: 'convert_currency',
      description: 'Convert an amount of money from one currency to another at the current exchange rate',
    });
    expect((await searchNames('convert 100 euros to US dollars'))[0]).toBe('growing__convert_currency');

    await call('growing__remove_tool', { name: 'convert_currency' });
    expect(await searchNames('convert 100 euros to US dollars')).not.toContain('growing__convert_currency');
    const gone = await call('growing__convert_currency', { text: 'x' });
    expect(gone.isError).toBe(true);
  });
});

describe('dynamic mode', () => {
  test("the tools a search finds join the gateway's tools/list, with their upstream schemas, and can be called", async () => {
    await call('growing__add_tool', {
      name: 'translate_text',
      description: 'Translate a text from one language into another',
    });
    const before = listChanged;
    expect((await searchNames('translate this sentence into German', 1))[0]).toBe('growing__translate_text');
    await expect.poll(() => listChanged).toBeGreaterThan(before);

    const { tools } = await client.listTools();
    const listed = tools.find((tool) => tool.name === 'growing__translate_text');
    // The upstream's definition, and the gateway's word that it runs the call itself (no MCP task).
    expect(listed).toEqual({
      name: 'growing__translate_text',
      description: 'Translate a text from one language into another',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'forbidden' },
    });
    const result = await client.callTool({ name: 'growing__translate_text', arguments: { text: 'Hallo' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'translate_text ran with {"text":"Hallo"}' }] });
  });

  test('a search that finds only listed tools sends no notification', async () => {
    await searchNames('translate this sentence into German', 1);
    const before = listChanged;
    await searchNames('translate this sentence into German', 1);
    // The notification would have been sent before the answer: the count is final here.
    expect(listChanged).toBe(before);
  });

  test('a listed tool its server removes leaves the list, and the client is told', async () => {
    const before = listChanged;
    await call('growing__remove_tool', { name: 'translate_text' });
    await expect.poll(() => listChanged).toBeGreaterThan(before);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('growing__translate_text');
    expect(tools.map((tool) => tool.name).slice(0, 2)).toEqual(['search_tools', 'call_tool']);
  });
});

import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createSelector } from '@toolsift/selector';
import { HOSTILE_PROMPT, SECRETS, writeHostileCatalog } from '@toolsift/test-support/hostile-catalog';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectInMemory } from './connect-in-memory.js';

const root = tempFolder('toolsift-mcp-redaction-');
let client: Client;
beforeAll(async () => {
  await writeHostileCatalog(path.join(root, 'catalog'));
  const selector = createSelector({
    catalog: [path.join(root, 'catalog')],
    embedder: 'hash',
    indexDir: path.join(root, 'index'),
  });
  client = await connectInMemory(selector, 'toolsift-redaction');
});
afterAll(async () => {
  await client?.close();
});

/** The secrets of `SECRETS` found in a tool call's result (structured content and text), by name. */
function leakedSecrets(result: unknown): string[] {
  const text = JSON.stringify(result);
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(JSON.stringify(secret).slice(1, -1)))
    .map(([name]) => name);
}

describe('the MCP server sends no secret', () => {
  test('search_tools: definitions, reasons and warnings', async () => {
    const result = await client.callTool({
      name: 'search_tools',
      arguments: { query: HOSTILE_PROMPT, k: 5 },
    });
    expect(result.isError).not.toBe(true);
    // The Drive tool needs OAuth, so it is listed as unavailable, with its reasons.
    expect((result.structuredContent as { tools: unknown[] }).tools).toHaveLength(3);
    expect(leakedSecrets(result)).toEqual([]);
  });

  test.each(['drive-upload', 'charge_card', 'upload_s3', 'run_sql'])('get_tool %s', async (id) => {
    const result = await client.callTool({ name: 'get_tool', arguments: { id } });
    expect(result.isError).not.toBe(true);
    expect(leakedSecrets(result)).toEqual([]);
  });
});

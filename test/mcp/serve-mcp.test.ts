import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CATALOG_ENV,
  connectServer,
  repoRoot,
  SERVE_ARGS,
  serveEnv,
} from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runToolsift } from '../cli/run-toolsift.js';

const indexDir = tempFolder('toolsift-mcp-');
let client: Client;
let stderr: () => string;
let transportErrors: Error[];

beforeAll(async () => {
  ({ client, stderr, transportErrors } = await connectServer({
    args: ['--catalog', 'metadata', '--index-dir', indexDir],
    env: CATALOG_ENV,
    name: 'toolsift-e2e',
  }));
});

afterAll(async () => {
  await client?.close();
});

describe('toolsift serve --mcp (SDK client over stdio)', () => {
  test('lists search_tools and get_tool with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_tool', 'search_tools']);
    const search = tools.find((tool) => tool.name === 'search_tools');
    expect(search?.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string' }, k: { type: 'integer' } },
      required: ['query'],
    });
    expect(search?.annotations).toMatchObject({ readOnlyHint: true });
    expect(client.getServerVersion()).toMatchObject({ name: 'toolsift' });
  });

  test('search_tools returns ranked tools with MCP definitions and reasons, as structured content and text', async () => {
    const result = await client.callTool({
      name: 'search_tools',
      arguments: { query: "what's the weather in Paris?", k: 3 },
    });
    expect(result.isError).not.toBe(true);
    const structured = result.structuredContent as {
      tools: Array<{
        id: string;
        confidence: number;
        reasons: Array<{ kind: string }>;
        definition: { name: string };
      }>;
    };
    expect(structured.tools.length).toBeGreaterThan(0);
    expect(structured.tools.length).toBeLessThanOrEqual(3);
    const weather = structured.tools.find((tool) => tool.id === 'get_current_weather');
    expect(weather).toMatchObject({
      id: 'get_current_weather',
      definition: { name: 'get_current_weather', title: 'Current Weather', inputSchema: { type: 'object' } },
    });
    expect(weather?.reasons.map((reason) => reason.kind)).toContain('dense');
    const [text] = result.content as Array<{ type: string; text: string }>;
    expect(text?.type).toBe('text');
    expect(JSON.parse(text?.text ?? '')).toEqual(structured);
  });

  test('get_tool returns the definition search_tools returned', async () => {
    const search = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'the weather forecast for Oslo tomorrow', k: 1 },
    });
    const [found] = (search.structuredContent as { tools: Array<{ id: string; definition: unknown }> }).tools;
    expect(found?.id).toBeDefined();
    const result = await client.callTool({ name: 'get_tool', arguments: { id: found?.id } });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toEqual({ id: found?.id, definition: found?.definition });
  });

  test('get_tool with an unknown id is a tool error that lists close ids', async () => {
    const result = await client.callTool({ name: 'get_tool', arguments: { id: 'get_weather' } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatchInlineSnapshot(
      `"No tool with id "get_weather" in the catalog. Close ids: get_weather_forecast, get_current_weather."`,
    );
  });

  test('arguments outside the schema are refused', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'weather', k: 0 } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(/Input validation error/);
  });

  test('writes nothing but protocol on stdout', () => {
    expect(transportErrors).toEqual([]);
    expect(stderr()).not.toMatch(/error/i);
  });
});

describe('toolsift serve without a protocol', () => {
  test('is a usage error', async () => {
    const result = await runToolsift(['serve'], { cwd: repoRoot });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('toolsift: serve needs a protocol; the only one is --mcp [USAGE_ERROR]');
  });
});

describe('toolsift serve --mcp on a catalog that cannot load', () => {
  test('closes and reports the error (exit 1), also when it fails before the MCP SDK has loaded', () => {
    const missing = path.join(tmpdir(), 'toolsift-no-such-catalog');
    const result = spawnSync(process.execPath, [...SERVE_ARGS, '--catalog', missing], {
      cwd: repoRoot,
      input: '',
      encoding: 'utf8',
      env: serveEnv(),
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^toolsift: .*toolsift-no-such-catalog.*\[[A-Z_]+\]\n$/);
  });
});

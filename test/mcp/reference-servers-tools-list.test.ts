import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { run } from '@toolsift/cli';
import { loadCatalog } from '@toolsift/core';
import { repoRoot } from '@toolsift/test-support/serve-mcp-process';
import { tempFolder } from '@toolsift/test-support/temp-folder';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The tools/list of the MCP reference servers installed from npm (test/package.json), dumped with the SDK client
 * as they answer today, loads as it is: a spec change in a server update (a new key on tools, a new envelope) that
 * toolsift does not read shows here, not in a hand-written copy.
 */

const root = tempFolder('toolsift-reference-tools-');

/** Each server, started with what it needs to list its tools: dummy credentials, a folder, a database URL. */
const SERVERS: readonly { name: string; args: readonly string[]; env?: Record<string, string> }[] = [
  { name: 'server-filesystem', args: [root] },
  { name: 'server-memory', args: [], env: { MEMORY_FILE_PATH: path.join(root, 'memory.jsonl') } },
  { name: 'server-everything', args: ['stdio'] },
  { name: 'server-sequential-thinking', args: [] },
  { name: 'server-github', args: [], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'x' } },
  { name: 'server-slack', args: [], env: { SLACK_BOT_TOKEN: 'x', SLACK_TEAM_ID: 'x' } },
  { name: 'server-postgres', args: ['postgresql://127.0.0.1:1/none'] },
  { name: 'server-puppeteer', args: [] },
  { name: 'server-brave-search', args: [], env: { BRAVE_API_KEY: 'x' } },
];

/** How each dump is written: as the SDK returns the result, in a JSON-RPC response, beside an initialize result. */
const SHAPES = ['result', 'rpc', 'initialize'] as const;

interface Dump {
  names: string[];
  serverInfo: unknown;
}

const dumps = new Map<string, Dump>();

beforeAll(async () => {
  for (const shape of SHAPES) await mkdir(path.join(root, shape));
  // One at a time: the machine's cores are shared with the other tests.
  for (const server of SERVERS) dumps.set(server.name, await dumpServer(server));
});

describe('tools/list of the reference MCP servers from npm', () => {
  test.each(SERVERS.flatMap((server) => SHAPES.map((shape) => [server.name, shape] as const)))(
    '%s (%s): `toolsift validate` loads every tool as MCP, 0 errors',
    async (name, shape) => {
      const dump = dumps.get(name)!;
      const file = path.join(shape, `${name}.json`);
      const validated = await validate([file]);
      expect(validated.code).toBe(0);
      expect(validated.report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual(
        [],
      );
      expect(validated.report.tools).toBe(dump.names.length);

      const loaded = await loadCatalog([file], { cwd: root });
      expect(loaded.tools.map((tool) => tool.name)).toEqual(dump.names);
      expect(new Set(loaded.tools.map((tool) => tool.source.format))).toEqual(new Set(['mcp']));
      if (shape === 'initialize') {
        const info = dump.serverInfo as { name: string };
        for (const tool of loaded.tools) expect(tool.server?.name).toBe(info.name);
      }
    },
  );

  test('all servers together, in each shape: every tool loads, 0 errors; at least 80 tools', async () => {
    const total = [...dumps.values()].reduce((sum, dump) => sum + dump.names.length, 0);
    expect(total).toBeGreaterThanOrEqual(80);
    for (const shape of SHAPES) {
      const validated = await validate([shape]);
      expect(validated.code).toBe(0);
      expect(validated.report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual(
        [],
      );
      expect(validated.report.tools).toBe(total);
    }
  });

  test('`toolsift query` over the dumped lists needs no --input-format', async () => {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      cwd: root,
      env: {},
    };
    const argv = ['query', 'make a new folder called drafts', '--catalog', 'result', '--embedder', 'hash'];
    const code = await run([...argv, '--index-dir', path.join(root, 'index'), '--abstain', 'never'], io);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const names = new Set([...dumps.values()].flatMap((dump) => dump.names));
    const selected = (JSON.parse(stdout) as { tools: { id: string }[] }).tools.map((tool) => tool.id);
    expect(selected.length).toBeGreaterThan(0);
    for (const id of selected) expect(names).toContain(id);
  });
});

// --- internal ---

async function dumpServer(server: (typeof SERVERS)[number]): Promise<Dump> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [packageBin(`@modelcontextprotocol/${server.name}`), ...server.args],
    env: { PATH: process.env.PATH ?? '', ...server.env },
    cwd: root,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'toolsift-reference-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = await client.listTools();
    const serverInfo = client.getServerVersion();
    const instructions = client.getInstructions();
    const initialize = {
      capabilities: client.getServerCapabilities(),
      serverInfo,
      ...(instructions !== undefined ? { instructions } : {}),
      ...result,
    };
    const files = { result, rpc: { jsonrpc: '2.0', id: 2, result }, initialize };
    for (const shape of SHAPES) {
      await writeFile(path.join(root, shape, `${server.name}.json`), JSON.stringify(files[shape], null, 2));
    }
    return { names: result.tools.map((tool) => tool.name), serverInfo };
  } finally {
    await client.close();
  }
}

/** The entry script of a package installed in test/ (its `bin`). */
function packageBin(name: string): string {
  const folder = path.join(repoRoot, 'test', 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const entry = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return path.join(folder, entry ?? 'dist/index.js');
}

async function validate(paths: readonly string[]): Promise<{
  code: number;
  report: { tools: number; diagnostics: { code: string; severity: string; message: string }[] };
}> {
  let stdout = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => text.length },
    cwd: root,
    env: {},
  };
  const code = await run(['validate', ...paths, '--json'], io);
  return { code, report: JSON.parse(stdout) };
}

// The first-contact suite: the MCP servers people install first, how to start each as a stdio upstream of
// `toolsift gateway` (its key in the config is the server name of the gold labels), and the prompts written
// against them (one JSON Lines file per server, plus the prompts that need no tool).
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { type BenchQuery, readBenchQueries } from '@toolsift/selector';
import { sharedPath } from '@toolsift/test-support/shared-data';

/** How to start a stdio MCP server: one entry of an `mcpServers` config. */
export interface StdioServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A server of the suite that runs from its npm package (a dev dependency of the test package). */
export interface NpmServer {
  /** The key in the gateway config: the `<server>` of `<server>__<tool>` gold labels. */
  key: string;
  /** The npm package. */
  package: string;
  /** Arguments after the entry script (`{folder}` is the folder the filesystem server serves). */
  args: readonly string[];
  /** Dummy credentials: enough to start and list tools, never to call the service. */
  env?: Readonly<Record<string, string>>;
}

/** A server we cannot run here, served from its recorded tool list by test/fixtures/gateway/recorded-tools-server.ts. */
export interface RecordedServer {
  key: string;
  /** Where its tool list is, under corpora/mcp-tools-list of the public data (read at run time, never copied). */
  source: string;
  /** The serverInfo name the real server reports. */
  serverName: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

/** The recorded servers' tool lists, in the public data beside the repo (test/support/src/shared-data.ts). */
export const toolListsRoot = sharedPath('corpora/mcp-tools-list');

/** The four reference servers of the MCP project that are still maintained. */
export const REFERENCE_SERVERS: readonly string[] = Object.freeze([
  'filesystem',
  'memory',
  'everything',
  'sequential-thinking',
]);

/** The servers started from npm, in report order: the maintained reference servers, then the archived ones. */
export const NPM_SERVERS: readonly NpmServer[] = Object.freeze([
  { key: 'filesystem', package: '@modelcontextprotocol/server-filesystem', args: ['{folder}'] },
  { key: 'memory', package: '@modelcontextprotocol/server-memory', args: [] },
  { key: 'everything', package: '@modelcontextprotocol/server-everything', args: ['stdio'] },
  { key: 'sequential-thinking', package: '@modelcontextprotocol/server-sequential-thinking', args: [] },
  {
    key: 'github-archived',
    package: '@modelcontextprotocol/server-github',
    args: [],
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'x' },
  },
  {
    key: 'slack',
    package: '@modelcontextprotocol/server-slack',
    args: [],
    env: { SLACK_BOT_TOKEN: 'x', SLACK_TEAM_ID: 'x' },
  },
  {
    key: 'postgres',
    package: '@modelcontextprotocol/server-postgres',
    args: ['postgresql://127.0.0.1:1/first-contact'],
  },
  { key: 'puppeteer', package: '@modelcontextprotocol/server-puppeteer', args: [] },
  {
    key: 'brave-search',
    package: '@modelcontextprotocol/server-brave-search',
    args: [],
    env: { BRAVE_API_KEY: 'x' },
  },
]);

/** GitHub's own MCP server and a few servers of Docker's MCP registry that people install a lot. */
export const RECORDED_SERVERS: readonly RecordedServer[] = Object.freeze([
  { key: 'github', source: 'github-mcp-server', serverName: 'github-mcp-server' },
  { key: 'notion', source: 'docker-mcp-registry/servers__notion-remote__tools.json', serverName: 'notion' },
  { key: 'stripe', source: 'docker-mcp-registry/servers__stripe-remote__tools.json', serverName: 'stripe' },
  { key: 'sentry', source: 'docker-mcp-registry/servers__sentry-remote__tools.json', serverName: 'sentry' },
  { key: 'gmail', source: 'docker-mcp-registry/servers__gmail-mcp__tools.json', serverName: 'gmail' },
]);

/** The file of the prompts that need no tool (`gold: []`). */
export const NO_TOOL_FILE = 'no-tool';

/** The config entry of an npm server: its package's bin run with this Node. */
export function npmServerEntry(server: NpmServer, folder: string): StdioServerEntry {
  return {
    command: process.execPath,
    args: [packageBin(server.package), ...server.args.map((arg) => arg.replace('{folder}', folder))],
    ...(server.env === undefined ? {} : { env: { ...server.env } }),
  };
}

/** The config entry of a recorded server: our fixture server over its shared tool list. */
export function recordedServerEntry(server: RecordedServer): StdioServerEntry {
  return {
    command: process.execPath,
    args: [
      '--import',
      'tsx/esm',
      '--conditions=@toolsift/source',
      path.join(repoRoot, 'test', 'fixtures', 'gateway', 'recorded-tools-server.ts'),
      path.join(toolListsRoot, server.source),
      '--name',
      server.serverName,
    ],
  };
}

/** The prompts of one file: `server` is the file's base name (a config key, or `no-tool`). */
export interface FirstContactFile {
  server: string;
  file: string;
  prompts: BenchQuery[];
}

/**
 * Every file of the suite, in file-name order. Each prompt asks for one tool and its `gold` lists every tool that
 * is right for it (`<server>__<tool>`); the prompts come back with that list as their one gold group, so any of
 * them counts.
 */
export async function loadFirstContactSuite(): Promise<FirstContactFile[]> {
  const files = (await readdir(here)).filter((file) => file.endsWith('.jsonl')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(here, name);
      const prompts = (await readBenchQueries(file)).map((prompt) =>
        prompt.gold === null || prompt.gold.length === 0
          ? prompt
          : { ...prompt, gold: prompt.gold.slice(0, 1), goldGroups: [prompt.gold] },
      );
      return { server: path.basename(name, '.jsonl'), file, prompts };
    }),
  );
}

/** What a server says of itself and lists, as an MCP client sees it. */
export interface ListedServer {
  tools: McpTool[];
  serverInfo?: { name: string; title?: string };
  instructions?: string;
}

/**
 * Start a server as the gateway does (the SDK's default environment plus the entry's), list its tools with the SDK
 * client, and stop it. The repo is the working folder: the recorded-tools server is TypeScript run through tsx.
 */
export async function listServer(entry: StdioServerEntry): Promise<ListedServer> {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: { ...getDefaultEnvironment(), ...entry.env },
    cwd: repoRoot,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2048);
  });
  const client = new Client({ name: 'first-contact', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const info = client.getServerVersion();
    const instructions = client.getInstructions();
    return {
      tools,
      ...(info === undefined
        ? {}
        : { serverInfo: { name: info.name, ...(info.title === undefined ? {} : { title: info.title }) } }),
      ...(instructions === undefined ? {} : { instructions }),
    };
  } catch (error) {
    throw new Error(`${entry.args.join(' ')} did not list its tools: ${String(error)}\n${stderr}`, {
      cause: error,
    });
  } finally {
    await client.close();
  }
}

/** The tools a server lists (see `listServer`). */
export async function listServerTools(entry: StdioServerEntry): Promise<McpTool[]> {
  return (await listServer(entry)).tools;
}

// --- internal ---

const require = createRequire(path.join(repoRoot, 'test', 'package.json'));

/** The file a package's `bin` points to, resolved from the test package (where the servers are installed). */
function packageBin(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  const file = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (file === undefined) throw new Error(`first-contact suite: ${name} declares no bin`);
  return path.join(path.dirname(manifest), file);
}

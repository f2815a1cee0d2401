import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * Install toolsift the way the README's install section says, word by word: its shell blocks, run as they are
 * written, pack the four packages from this clone into `~/toolsift-tarballs` (HOME is a folder of the test's own)
 * and install them with npm into a new, empty project, where its query and its script run. Then the CLI, the
 * library, the MCP server, the AI SDK drop-in and the published types are used from there, with no tsx and no
 * workspace. npm reaches the npm registry only; its cache is the user's (shared across runs), so a rerun does not
 * download again.
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
const INSTALL = readmeInstallSection();
const PROMPT = 'top news headlines from the BBC today';
const LARGE_CATALOG_PROMPT = 'process the invoice records of batch 12';
const MINUTES = 60_000;
/** Enough hash-embedded views (256-d) for the `auto` vector index to choose HNSW (EXACT_INDEX_MAX_WORK). */
const LARGE_CATALOG_TOOLS = 1200;
/** The user's npm cache, found before HOME changes. */
const NPM_CACHE = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

let root: string;
let home: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsift-install-'));
  home = path.join(root, 'home');
  await mkdir(home);
  // The clone's dependencies are installed already (the suite runs in it): the block's other lines pack.
  for (const line of INSTALL.pack.slice(1)) await sh('bash', ['-ec', line], REPO_ROOT);
}, 5 * MINUTES);

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe("the README's install section", () => {
  test('installs the clone first, then packs', () => {
    expect(INSTALL.pack[0]).toMatch(/^npm install -g pnpm@[\d.]+ && .*pnpm install --frozen-lockfile$/);
    expect(INSTALL.pack.slice(1).join('\n')).toMatch(/ pack --pack-destination ~\/toolsift-tarballs$/);
  });

  test('names every tarball the pack makes, so npm asks the registry for none of them', async () => {
    const made = await readdir(path.join(home, 'toolsift-tarballs'));
    expect(made.sort()).toEqual(PACKAGES.map((name) => `toolsift-${name}-0.1.0.tgz`).sort());
    const install = INSTALL.project.flat().find((line) => line.startsWith('npm install ~/'));
    for (const file of made) expect(install).toContain(`~/toolsift-tarballs/${file}`);
  });
});

describe("the README's install section, run word by word in an empty folder", () => {
  let project: string;
  let outputs: string[];

  beforeAll(async () => {
    ({ project, outputs } = await followReadme('project'));
  }, 10 * MINUTES);

  test('its query selects the time tool first (JSON in a pipe, the default encoder, offline)', () => {
    const query =
      outputs[INSTALL.project.findIndex((block) => block.some((line) => line.startsWith('npx ')))];
    const selection = JSON.parse(query ?? '') as QueryOutput;
    expect(selection.tools[0]?.id).toBe('convert_time');
  });

  test('its script runs the library (core and selector) and the AI SDK drop-in (frameworks)', () => {
    const lines = (outputs.at(-1) ?? '').trimEnd().split('\n');
    const emitted = JSON.parse(lines.find((line) => line.startsWith('[{')) ?? '') as { name: string }[];
    expect(emitted.map((tool) => tool.name)).toEqual(['get_weather']);
    expect(lines.at(-1)).toBe("[ 'send_email' ]");
  });

  test('install built JavaScript only: no tsx, no TypeScript sources', () => {
    expect(existsSync(path.join(project, 'node_modules', 'tsx'))).toBe(false);
    for (const name of PACKAGES) {
      const folder = path.join(project, 'node_modules', '@toolsift', name);
      expect(existsSync(path.join(folder, ENTRY_FILES[name]))).toBe(true);
      expect(existsSync(path.join(folder, 'src'))).toBe(false);
    }
  });

  test('a .js file of the project imports each of the four packages as ES modules', async () => {
    await writeFile(path.join(project, 'imports.js'), IMPORTS_SCRIPT);
    expect(JSON.parse(await sh('node', ['imports.js'], project))).toEqual({
      core: 'function',
      selector: 'function',
      cli: 'function',
      frameworks: 'function',
    });
  });

  test(
    'a TypeScript file using the four packages type-checks with skipLibCheck false',
    async () => expect(await typeCheck(project)).toBe(''),
    5 * MINUTES,
  );

  test('npx toolsift query --json --embedder hash prints one JSON document and nothing else', async () => {
    const selection = await queryJson(project, ['--catalog', 'catalog', '--embedder', 'hash']);
    expect(selection.tools[0]?.id).toBe('news_top_headlines');
  });

  test("the AI SDK's generateText, given toolsift's prepareStep, offers the model only the selected tools", async () => {
    // The framework is the user's: the README's block installed it beside toolsift.
    const script = path.join(project, 'ai-sdk.js');
    await writeFile(script, AI_SDK_SCRIPT);
    const offered = JSON.parse(await sh('node', [script], project)) as string[][];
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
      env: userEnv({}) as Record<string, string>,
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

  test('a large catalog gets the HNSW index (hnswlib-node built), with no warning', async () => {
    const selection = await queryJson(
      project,
      ['--catalog', 'large', '--embedder', 'hash'],
      LARGE_CATALOG_PROMPT,
    );
    expect(selection.tools.length).toBeGreaterThan(0);
    expect(selection.indexWarnings).toEqual([]);
  });
});

describe('without a toolchain for native addons (hnswlib-node does not build)', () => {
  let project: string;
  // node-gyp cannot find Node's headers: the optional hnswlib-node fails to build and npm leaves it out.
  const noHeaders = (): NodeJS.ProcessEnv => userEnv({ npm_config_nodedir: path.join(root, 'no-headers') });

  beforeAll(async () => {
    ({ project } = await followReadme('project-without-hnswlib', noHeaders()));
  }, 10 * MINUTES);

  test('the install succeeds without hnswlib-node', () => {
    expect(existsSync(path.join(project, 'node_modules', 'hnswlib-node'))).toBe(false);
  });

  test('toolsift uses the exact index and says so once, in one line, when it builds the index', async () => {
    const args = ['query', LARGE_CATALOG_PROMPT, '--json', '--catalog', 'large', '--embedder', 'hash'];
    const first = await run('npx', ['toolsift', ...args], project);
    const selection = JSON.parse(first.stdout) as QueryOutput;
    expect(selection.tools.length).toBeGreaterThan(0);
    expect(selection.indexWarnings).toEqual([
      {
        code: 'EXACT_INDEX_FALLBACK',
        message: expect.stringMatching(
          /^using the exact vector index instead of HNSW \(hnswlib-node native addon cannot load: Cannot find module 'hnswlib-node'\); queries on large catalogs will be slower$/,
        ),
      },
    ]);
    // On stderr too, one line: Node's require stack is left out.
    expect(first.stderr).toBe(`toolsift: warning: ${selection.indexWarnings[0]?.message}\n`);
    const again = await queryJson(
      project,
      ['--catalog', 'large', '--embedder', 'hash'],
      LARGE_CATALOG_PROMPT,
    );
    expect(again.tools.map((tool) => tool.id)).toEqual(selection.tools.map((tool) => tool.id));
    expect(again.indexWarnings).toEqual([]);
  });

  test(
    'the published types need no hnswlib-node: a TypeScript file type-checks with skipLibCheck false',
    async () => {
      // Installing TypeScript beside it must not bring hnswlib-node back (npm retries a missing optional one).
      expect(await typeCheck(project, noHeaders())).toBe('');
      expect(existsSync(path.join(project, 'node_modules', 'hnswlib-node'))).toBe(false);
    },
    5 * MINUTES,
  );
});

// --- internal ---

/** The shell blocks of the README's install section: the clone's, the project's (in order), the test line's. */
function readmeInstallSection(): { pack: string[]; project: string[][] } {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /\n## Install\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    (match[1] ?? '').trimEnd().split('\n'),
  );
  const pack = blocks.find((block) => block.some((line) => line.includes(' pack ')));
  if (pack === undefined) throw new Error('README.md: no block in the install section packs the packages');
  // The block that installs the clone and runs every test is this suite itself.
  const project = blocks.filter(
    (block) => block !== pack && !block.some((line) => line.includes('pnpm test')),
  );
  return { pack, project };
}

/**
 * Run the README's project blocks, each as written, in a new folder `root/name`, then add the two catalogs the
 * other tests use; what each block printed on stdout.
 */
async function followReadme(
  name: string,
  env: NodeJS.ProcessEnv = userEnv({}),
): Promise<{ project: string; outputs: string[] }> {
  const project = path.join(root, name);
  await mkdir(project);
  const outputs: string[] = [];
  for (const block of INSTALL.project)
    outputs.push(await sh('bash', ['-ec', block.join('\n')], project, env));
  await cp(path.join(REPO_ROOT, 'metadata', 'mcp'), path.join(project, 'catalog'), { recursive: true });
  await mkdir(path.join(project, 'large'));
  await writeFile(path.join(project, 'large', 'many.tools.json'), JSON.stringify({ tools: largeCatalog() }));
  return { project, outputs };
}

/** A user's environment: HOME the test's own folder, npm's cache and settings the user's, no credentials. */
function userEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    npm_config_cache: NPM_CACHE,
    npm_config_userconfig: path.join(os.homedir(), '.npmrc'),
    // hnswlib-node compiles against Node's headers, which these machines have under /usr (no download).
    npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
}

/**
 * Run a command in `cwd`; its stdout, or an error carrying its stderr when it fails. Never synchronous: an install
 * takes minutes, and the test worker must stay free to answer vitest meanwhile.
 */
async function sh(command: string, args: readonly string[], cwd: string, env = userEnv({})): Promise<string> {
  return (await run(command, args, cwd, env)).stdout;
}

/** Run a command that must succeed; its stdout and stderr. */
async function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env = userEnv({}),
): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

interface QueryOutput {
  tools: { id: string }[];
  indexWarnings: { code: string; message: string }[];
}

/** `npx toolsift query PROMPT --json ...args` in `project`: its stdout must be exactly one JSON document. */
async function queryJson(project: string, args: readonly string[], prompt = PROMPT): Promise<QueryOutput> {
  return JSON.parse(
    await sh('npx', ['toolsift', 'query', prompt, '--json', ...args], project),
  ) as QueryOutput;
}

/**
 * Type-check a file that uses the four packages' types, as a user's TypeScript project does (TypeScript and Node's
 * types at the versions this repository uses, `skipLibCheck: false`): tsc's output, empty when it passes.
 */
async function typeCheck(project: string, env = userEnv({})): Promise<string> {
  const versions = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).devDependencies;
  await sh(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--save-dev',
      `typescript@${versions.typescript}`,
      `@types/node@${versions['@types/node']}`,
    ],
    project,
    env,
  );
  const tsconfig = {
    compilerOptions: {
      strict: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
    },
    files: ['check.ts'],
  };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  writeFileSync(path.join(project, 'check.ts'), TYPED_SCRIPT);
  try {
    return await sh('npx', ['tsc', '-p', '.'], project, env);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/** A user's ES module (a `.js` file: the README's project is `"type": "module"`) importing each package. */
const IMPORTS_SCRIPT = `
import { formatTools } from '@toolsift/core';
import { run } from '@toolsift/cli';
import { createToolsift } from '@toolsift/frameworks/ai-sdk';
import { createSelector } from '@toolsift/selector';

process.stdout.write(JSON.stringify({
  core: typeof formatTools,
  selector: typeof createSelector,
  cli: typeof run,
  frameworks: typeof createToolsift,
}));
`;

/** A user's TypeScript: values and types from each of the four packages. */
const TYPED_SCRIPT = `
import { formatTools, type Tool } from '@toolsift/core';
import { type CliIo, run } from '@toolsift/cli';
import { type AiSdkToolsiftOptions, createToolsift } from '@toolsift/frameworks/ai-sdk';
import { createSelector, type Selection, type Selector } from '@toolsift/selector';

export async function select(prompt: string): Promise<{ selection: Selection; tools: Tool[]; payload: unknown }> {
  const selector: Selector = await createSelector({ catalog: ['tools.json'] });
  const selection = await selector.select(prompt, { k: 2 });
  const tools = selection.tools.flatMap((selected) => selector.tool(selected.id) ?? []);
  return { selection, tools, payload: formatTools(tools, 'openai').tools };
}
export const io: CliIo = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
export const cli: (argv: readonly string[], io: CliIo) => Promise<number> = run;
export const dropIn: typeof createToolsift = createToolsift;
export const options: AiSdkToolsiftOptions = { k: 3 };
`;

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

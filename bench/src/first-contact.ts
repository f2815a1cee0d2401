// `pnpm bench:first-contact` (part of `pnpm bench`): the prompts of test/first-contact, in users' words, through
// `toolsift gateway` over stdio in front of the MCP servers people install first: the reference servers started
// from their npm packages, and GitHub's MCP server and four registry servers served from their recorded tool
// lists in ../shared/corpora/mcp-tools-list (test/fixtures/gateway/recorded-tools-server.ts). One `search_tools`
// call with k = 5 per prompt, three ways in one run: the gateway with its shipped overlays (the default), without
// them (`--no-overlays`), and BM25 alone over the same tools as the servers list them. Writes
// bench/results/first-contact.{md,json} and the summary in docs/results.md. Indexes are cached in .cache/bench/indexes.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTools, type Tool, type ToolServer } from '@toolsift/core';
import { createSelector } from '@toolsift/selector';
import { SHARED_DIR_ENV } from '@toolsift/test-support/shared-data';
import {
  type FirstContactFile,
  type ListedServer,
  listServer,
  loadFirstContactSuite,
  NO_TOOL_FILE,
  NPM_SERVERS,
  npmServerEntry,
  RECORDED_SERVERS,
  recordedServerEntry,
  type StdioServerEntry,
  toolListsRoot,
} from '../../test/first-contact/first-contact-suite.js';
import { repoRoot } from './bench-datasets.js';
import { benchResults, benchLog as log, seconds } from './bench-results.js';
import { benchEmbedder, benchIndexDir, flushEmbeddings } from './bench-selector.js';
import { hasGatewayOption, searchTools, startStdioGateway } from './gateway-process.js';
import { writeGatewayConfig } from './gateway-upstreams.js';
import {
  type FirstContactColumn,
  type FirstContactColumnRun,
  type FirstContactPrompt,
  firstContactMisses,
  firstContactRows,
  renderFirstContactMarkdown,
  renderFirstContactSummary,
} from './render-first-contact.js';

const EMBEDDER = process.env.BENCH_EMBEDDER ?? 'use-lite';
/** Results per prompt: the top 5 of `search_tools`. */
const K = 5;
/** The first search waits for every upstream to start and for the index (the model embeds every tool once). */
const FIRST_SEARCH_TIMEOUT_MS = 30 * 60_000;
/** The gateway option that turns the shipped overlays off: its name as shipped, or the name first planned. */
const NO_OVERLAYS = ['--no-shipped-overlays', '--no-overlays'].find(hasGatewayOption);

const started = performance.now();
const isSharedPresent = existsSync(toolListsRoot);
if (!isSharedPresent) {
  log(
    `GitHub's MCP server and the registry servers are served from their recorded tool lists in ${toolListsRoot} ` +
      `(the public tool catalogs beside the repo; ${SHARED_DIR_ENV} names their folder), which is absent: ` +
      'measuring the servers from npm only, and leaving bench/results/ and docs/results.md as they were',
  );
}

const folder = await mkdtemp(path.join(tmpdir(), 'toolsift-first-contact-'));
const servers: Record<string, StdioServerEntry> = Object.fromEntries([
  ...NPM_SERVERS.map((server) => [server.key, npmServerEntry(server, folder)] as const),
  ...(isSharedPresent
    ? RECORDED_SERVERS.map((server) => [server.key, recordedServerEntry(server)] as const)
    : []),
]);
const serverKeys = Object.keys(servers);
const prompts = promptsOf(await loadFirstContactSuite(), serverKeys);
const config = await writeGatewayConfig(servers);
log(
  `${prompts.length} prompts over ${serverKeys.length} servers (${serverKeys.join(', ')}); gateway config ${config}`,
);

const columns: FirstContactColumnRun[] = [];
const tools: Record<string, number> = {};
try {
  const withOverlays = await gatewayColumn('with shipped overlays', []);
  Object.assign(tools, withOverlays.tools);
  columns.push({
    column: 'with shipped overlays',
    isMeasured: true,
    note: 'the gateway as shipped (`toolsift gateway --config FILE`), every default on, abstention included',
  });
  if (NO_OVERLAYS !== undefined) {
    await gatewayColumn('without overlays', [NO_OVERLAYS]);
    columns.push({
      column: 'without overlays',
      isMeasured: true,
      note: `the gateway with \`${NO_OVERLAYS}\`: the tools as their servers list them, every other default on`,
    });
  } else {
    log(
      "without overlays: this checkout's gateway has no option to turn the shipped overlays off, not measured",
    );
    columns.push({
      column: 'without overlays',
      isMeasured: false,
      note: "this checkout's `toolsift gateway` has no option to turn the shipped overlays off",
    });
  }
  await bm25Column();
  columns.push({
    column: 'BM25 alone',
    isMeasured: true,
    note: 'BM25 over the same tools as their servers list them (listed with the SDK client, loaded as MCP tools under the gateway\'s `<server>__<tool>` names), `method: "bm25"`, no abstention',
  });
} finally {
  await rm(path.dirname(config), { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
}

const { perServer, groups } = firstContactRows({ prompts, servers: serverKeys, columns });
const { dir, meta } = await benchResults({ embedder: EMBEDDER, started });
const markdown = renderFirstContactMarkdown({ perServer, groups, columns, prompts, tools, meta });
process.stdout.write(markdown);
if (isSharedPresent) {
  await writeFile(
    path.join(dir, 'first-contact.json'),
    `${JSON.stringify({ meta, columns, tools, groups, perServer, prompts }, null, 2)}\n`,
  );
  await writeFile(path.join(dir, 'first-contact.md'), markdown);
  await updateResultsPage(renderFirstContactSummary({ groups, columns, date: meta.date }));
  log(
    `done in ${meta.minutes} min; wrote bench/results/first-contact.md, first-contact.json and docs/results.md`,
  );
} else {
  log(
    `done in ${meta.minutes} min; servers from npm only, bench/results/ and docs/results.md left as they were`,
  );
}

// --- internal ---

/**
 * The suite's prompts over the servers of this run: a prompt keeps the gold tools of the servers present, and a
 * prompt none of whose tools is present is left out.
 */
function promptsOf(files: readonly FirstContactFile[], keys: readonly string[]): FirstContactPrompt[] {
  return files.flatMap((file) =>
    file.prompts.flatMap((prompt): FirstContactPrompt[] => {
      const accepted = (prompt.goldGroups?.flat() ?? []).filter((name) =>
        keys.some((key) => name.startsWith(`${key}__`)),
      );
      if (file.server !== NO_TOOL_FILE && accepted.length === 0) return [];
      return [{ server: file.server, id: prompt.id, query: prompt.query, gold: accepted, ranked: {} }];
    }),
  );
}

/**
 * Start the gateway over stdio with `args`, wait until every upstream is connected and indexed, and record the
 * top 5 of `search_tools` for every prompt under `column`. Returns the tool count each upstream listed.
 */
async function gatewayColumn(
  column: FirstContactColumn,
  args: readonly string[],
): Promise<{ tools: Record<string, number> }> {
  const columnStarted = performance.now();
  const variant = args.length > 0 ? 'first-contact-no-overlays' : 'first-contact';
  let stderr = '';
  const gateway = await startStdioGateway({
    config,
    indexDir: benchIndexDir(variant, EMBEDDER),
    args: [...args, ...(EMBEDDER === 'use-lite' ? [] : ['--embedder', EMBEDDER])],
    onStderr: (text) => {
      stderr += text;
    },
  });
  try {
    await searchTools(gateway.client, 'list the files in my project folder', {
      k: 1,
      timeoutMs: FIRST_SEARCH_TIMEOUT_MS,
    });
    const connected = Object.fromEntries(
      [...stderr.matchAll(/upstream "([^"]+)" connected: (\d+) tool/g)].map((match) => [
        match[1]!,
        Number(match[2]),
      ]),
    );
    const down = serverKeys.filter((key) => connected[key] === undefined);
    if (down.length > 0) throw new Error(`${column}: upstreams not connected: ${down.join(', ')}`);
    log(`${column}: gateway ready after ${seconds(performance.now() - columnStarted)} s`);
    for (const prompt of prompts) {
      const result = await searchTools(gateway.client, prompt.query, { k: K });
      const found = (result.structuredContent as { tools?: Array<{ name: string }> } | undefined)?.tools;
      if (found === undefined) throw new Error(`${column}: search_tools gave no structured answer`);
      prompt.ranked[column] = found.map((tool) => tool.name);
    }
    const misses = firstContactMisses(prompts, column);
    log(
      `${column}: ${prompts.length} searches in ${seconds(performance.now() - columnStarted)} s; ${misses.length} top-1 misses`,
    );
    return { tools: connected };
  } catch (error) {
    throw new Error(`${String(error)}\nGateway stderr (tail):\n${gateway.stderrTail()}`, { cause: error });
  } finally {
    await gateway.stop();
  }
}

/** BM25 alone over the tools as each server lists them, under the gateway's names. */
async function bm25Column(): Promise<void> {
  const catalog: Tool[] = [];
  for (const [key, entry] of Object.entries(servers)) {
    const listed = await listServer(entry);
    const loaded = loadTools(
      {
        tools: listed.tools.map((tool) => ({
          ...tool,
          name: `${sanitizeName(key)}__${sanitizeName(tool.name)}`,
        })),
      },
      { format: 'mcp', file: `upstream "${key}"` },
    );
    const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length > 0) log(`BM25 alone: ${key}: ${errors.map((error) => error.message).join('; ')}`);
    const server = serverOf(key, listed);
    catalog.push(...loaded.tools.map((tool) => ({ ...tool, server })));
  }
  const selector = await createSelector({
    catalog,
    embedder: await benchEmbedder(EMBEDDER),
    indexDir: benchIndexDir('first-contact-bm25', EMBEDDER),
  });
  for (const prompt of prompts) {
    const selection = await selector.select(prompt.query, {
      k: K,
      method: 'bm25',
      abstain: false,
      includeUnavailable: true,
    });
    prompt.ranked['BM25 alone'] = selection.tools.map((tool) => tool.id);
  }
  await flushEmbeddings();
  log(`BM25 alone: ${catalog.length} tools`);
}

/**
 * The server a tool belongs to, as the gateway gives it to its upstream tools: the config key, the `serverInfo`
 * name and title as aliases, the `instructions` as its description.
 */
function serverOf(key: string, listed: ListedServer): ToolServer {
  const info = listed.serverInfo;
  const aliases = [info?.name, info?.title].filter(
    (alias): alias is string => alias !== undefined && alias !== key,
  );
  return {
    name: key,
    aliases: [...new Set(aliases)],
    ...(info?.title === undefined ? {} : { title: info.title }),
    ...(listed.instructions === undefined ? {} : { description: listed.instructions }),
  };
}

/** The gateway's rule for a server or tool name in a qualified name (qualified-names.ts). */
function sanitizeName(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/**
 * Put the summary between its markers in docs/results.md: where they are, or after its real-prompts paragraph the
 * first time.
 */
async function updateResultsPage(summary: string): Promise<void> {
  const file = path.join(repoRoot, 'docs', 'results.md');
  const readme = await readFile(file, 'utf8');
  const start = '<!-- bench:first-contact -->';
  const end = '<!-- /bench:first-contact -->';
  const block = `${start}\n${summary}${end}`;
  if (readme.includes(start)) {
    await writeFile(file, readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block));
    return;
  }
  const anchor = readme.indexOf('(`pnpm bench:real-prompts`');
  const paragraphEnd = anchor === -1 ? -1 : readme.indexOf('\n\n', anchor);
  if (paragraphEnd === -1)
    throw new Error('docs/results.md: no real-prompts paragraph to put the first-contact summary after');
  await writeFile(file, `${readme.slice(0, paragraphEnd)}\n\n${block}${readme.slice(paragraphEnd)}`);
}

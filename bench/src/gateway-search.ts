// Part 2 of the gateway bench: `search_tools` over many upstream tools. One HTTP gateway fronts the many-tools
// fixture and server-everything, with its index in the bench cache; its first start embeds every tool, later
// runs reload the index. The gateway is handed on to the load part.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchLog, seconds } from './bench-results.js';
import { benchCacheDir } from './bench-selector.js';
import { unauthorizedStatus } from './gateway-load.js';
import {
  connectHttpClient,
  type RunningServer,
  residentMb,
  searchTools,
  startHttpGateway,
  textOf,
} from './gateway-process.js';
import { type LatencySummary, round, summarize } from './gateway-timing.js';
import {
  connectUpstream,
  everythingServer,
  manyToolsServer,
  writeGatewayConfig,
} from './gateway-upstreams.js';

/** What the search part measured. */
export interface SearchFigures {
  /** Tools the fixture served (server-everything's come on top). */
  tools: number;
  /** The index folder at the start: `reused` (reloaded as it was), `built` (there was none), `updated` (rewritten). */
  index: 'reused' | 'built' | 'updated';
  /** The last start that built the index from nothing (this one when it did): spawn to first answer, seconds. */
  firstStart?: { readySeconds: number; date: string };
  /** Spawn to listening on HTTP, seconds. */
  listenSeconds: number;
  /** Spawn to the first answered `search_tools` (upstreams started, tools listed, index built or reloaded). */
  readySeconds: number;
  /**
   * Requests without the token sent every 0.5 s while the first search waited: how many, the slowest answer (ms),
   * and how many got no 401 (a reset connection, another status).
   */
  waitingRefusals: { count: number; slowestMs: number; failed: number };
  latency: LatencySummary;
  /** The gateway's resident memory after the searches, MB. */
  rssMb?: number;
}

/** Start the HTTP gateway over `tools` fixture tools and time `prompts` searches from one client. */
export async function measureSearch(options: {
  tools: number;
  prompts: readonly string[];
  warmUp: readonly string[];
  token: string;
  freshIndex: boolean;
}): Promise<{ figures: SearchFigures; gateway: RunningServer & { url: string } }> {
  const indexDir = path.join(benchCacheDir, 'indexes', `gateway-${options.tools}`);
  if (options.freshIndex) await rm(indexDir, { recursive: true, force: true });

  const manifestBefore = await modifiedAt(path.join(indexDir, 'manifest.json'));
  const config = await writeGatewayConfig({
    many: manyToolsServer(options.tools),
    everything: everythingServer(),
  });
  benchLog(
    `search: starting an HTTP gateway over ${options.tools} tools (${manifestBefore === undefined ? 'building' : 'reusing'} the index in ${path.relative(process.cwd(), indexDir)})`,
  );
  const started = performance.now();
  const gateway = await startHttpGateway({ config, indexDir, token: options.token }).finally(() =>
    // The gateway has read its config once it listens.
    rm(path.dirname(config), { recursive: true, force: true }),
  );
  try {
    const listenSeconds = (performance.now() - started) / 1000;
    const client = await connectHttpClient({
      url: gateway.url,
      token: options.token,
      name: 'gateway-bench-search',
    });
    // The first search waits for the index: the model embeds every tool on a first start. A transport error
    // meanwhile (a stream cut while the gateway is busy) is logged: it would explain a search never answered.
    let isWaiting = true;
    client.onerror = (error) => {
      if (isWaiting) benchLog(`search: client transport error while waiting: ${String(error)}`);
    };
    const refusals = probeRefusals(gateway.url);
    const first = await searchTools(client, SANITY_QUERY, { k: 1, timeoutMs: FIRST_SEARCH_TIMEOUT_MS });
    isWaiting = false;
    const waitingRefusals = await refusals.stop();
    const readySeconds = (performance.now() - started) / 1000;
    // A search that finds nothing measures an empty index, not the gateway: stop here.
    const top = (first.structuredContent as { tools?: Array<{ name: string }> } | undefined)?.tools?.[0]
      ?.name;
    if (top === undefined) throw new Error(`the first search found no tool: ${textOf(first)}`);
    benchLog(`search: "${SANITY_QUERY}" -> ${top}`);
    benchLog(
      `search: first search answered after ${seconds(readySeconds * 1000)} s; timing ${options.prompts.length} searches`,
    );
    for (const prompt of options.warmUp) await searchTools(client, prompt);
    const latencies: number[] = [];
    for (const prompt of options.prompts) {
      const begun = performance.now();
      await searchTools(client, prompt);
      latencies.push(performance.now() - begun);
    }
    await client.close();
    const rssMb = await residentMb(gateway.pid);
    const manifestAfter = await modifiedAt(path.join(indexDir, 'manifest.json'));
    const index =
      manifestBefore === undefined ? 'built' : manifestAfter === manifestBefore ? 'reused' : 'updated';
    const firstStart = await firstStartOf({ indexDir, index, readySeconds: round(readySeconds, 1) });
    return {
      figures: {
        tools: options.tools,
        index,
        ...(firstStart === undefined ? {} : { firstStart }),
        listenSeconds: round(listenSeconds, 1),
        readySeconds: round(readySeconds, 1),
        waitingRefusals,
        latency: summarize(latencies),
        ...(rssMb === undefined ? {} : { rssMb }),
      },
      gateway,
    };
  } catch (error) {
    await gateway.stop();
    throw new Error(`${String(error)}\nGateway stderr (tail):\n${gateway.stderrTail()}`, { cause: error });
  }
}

/** Without a gateway: how long the fixture takes to start and list its tools (what a gateway waits for). */
export async function measureFixtureListing(tools: number): Promise<{ tools: number; listSeconds: number }> {
  const started = performance.now();
  const client = await connectUpstream(manyToolsServer(tools));
  const listed = await client.listTools();
  const listSeconds = round((performance.now() - started) / 1000, 1);
  await client.close();
  if (listed.tools.length !== tools) {
    throw new Error(`the many-tools fixture listed ${listed.tools.length} tools, not ${tools}`);
  }
  return { tools, listSeconds };
}

// --- internal ---

/** The first search, answered once the index is ready; the fixture's first tool (maps.showMap) is its answer. */
const SANITY_QUERY = 'show a map centred on the Eiffel Tower';

/** Embedding 10k tools with the real model on 2 busy cores takes minutes; allow far more. */
const FIRST_SEARCH_TIMEOUT_MS = 30 * 60_000;
/**
 * Send a request without the token every 0.5 s until `stop`: how long the gateway takes to refuse it while it
 * builds its index (a gateway that gives the event loop no turn answers none of them until it is done).
 */
function probeRefusals(url: string): { stop: () => Promise<SearchFigures['waitingRefusals']> } {
  let isStopped = false;
  const waits: number[] = [];
  let failed = 0;
  const run = (async () => {
    while (!isStopped) {
      const begun = performance.now();
      const status = await unauthorizedStatus(url).catch((error: unknown) => {
        benchLog(
          `search: a request without the token failed while the first search waited: ${String(error)}`,
        );
        return undefined;
      });
      waits.push(performance.now() - begun);
      if (status !== 401) failed += 1;
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      isStopped = true;
      await run;
      return { count: waits.length, slowestMs: round(Math.max(0, ...waits), 1), failed };
    },
  };
}

const PROBE_EVERY_MS = 500;

async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The start that built the index from nothing: recorded beside the index folder when this start did, read back
 * otherwise (a start that reloads or updates the index says nothing of how long embedding every tool takes).
 */
async function firstStartOf(options: {
  indexDir: string;
  index: SearchFigures['index'];
  readySeconds: number;
}): Promise<SearchFigures['firstStart']> {
  const file = `${options.indexDir}.first-start.json`;
  if (options.index === 'built') {
    const record = { readySeconds: options.readySeconds, date: new Date().toISOString() };
    await writeFile(file, `${JSON.stringify(record)}\n`);
    return record;
  }
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SearchFigures['firstStart'];
  } catch {
    return undefined;
  }
}

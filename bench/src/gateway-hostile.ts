// Part 4 of the gateway bench: `search_tools` while one upstream misbehaves. One stdio gateway fronts the
// many-tools fixture and two hostile servers of the gateway tests (test/support/fixtures/gateway): one that floods
// notifications/tools/list_changed (its list unchanged) and one that announces a new list and never sends it. The
// same searches are timed quiet, during the flood (alternating blocks, so that both meet the same machine load),
// then with the stalled server.
import { cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GATEWAY_FIXTURES } from '@toolsift/test-support/gateway-process';
import { percentile } from './bench-process.js';
import { benchLog } from './bench-results.js';
import { benchCacheDir } from './bench-selector.js';
import { callThroughGateway, searchTools, startStdioGateway, textOf } from './gateway-process.js';
import { round } from './gateway-timing.js';
import { manyToolsServer, type StdioServer, writeGatewayConfig } from './gateway-upstreams.js';

/** Latencies of one condition, ms. */
export interface HostileRow {
  searches: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers that named a server in `stale`. */
  stale: number;
}

/** What the hostile part measured. */
export interface HostileFigures {
  tools: number;
  /** `--stale-after` of the gateway (its default), ms. */
  staleAfterMs: number;
  quiet: HostileRow;
  flood: HostileRow & {
    /** Notifications the flooding server sent, per second, and over both blocks the tools/list requests it answered. */
    perSecond: number;
    notifications: number;
    lists: number;
    /** The gateway's CPU time during the flood blocks, as a share of one core. */
    gatewayCpu: number;
  };
  /** The gateway's CPU time during the quiet blocks, as a share of one core. */
  quietCpu: number;
  stalled: HostileRow;
}

/** Time `prompts` searches quiet and during a flood (alternating halves), then with a stalled upstream. */
export async function measureHostile(options: {
  tools: number;
  prompts: readonly string[];
  warmUp: readonly string[];
}): Promise<HostileFigures> {
  const fixtures = GATEWAY_FIXTURES;
  const config = await writeGatewayConfig({
    many: manyToolsServer(options.tools),
    flooding: nodeScript(path.join(fixtures, 'flooding-server.mjs')),
    stalling: nodeScript(path.join(fixtures, 'stalling-server.mjs')),
  });
  const indexDir = path.join(benchCacheDir, 'indexes', `gateway-hostile-${options.tools}`);
  // The search part's index holds the same fixture tools: a first run starts from a copy instead of embedding them.
  const searchIndexDir = path.join(benchCacheDir, 'indexes', `gateway-${options.tools}`);
  if (!(await exists(indexDir)) && (await exists(path.join(searchIndexDir, 'manifest.json')))) {
    await cp(searchIndexDir, indexDir, { recursive: true });
  }
  benchLog(`hostile: starting a stdio gateway over ${options.tools} tools and two hostile upstreams`);
  const gateway = await startStdioGateway({ config, indexDir });
  const { client, pid } = gateway;
  try {
    await searchTools(client, options.warmUp[0] ?? 'show a map', { timeoutMs: FIRST_SEARCH_TIMEOUT_MS });
    for (const prompt of options.warmUp) await searchTools(client, prompt);
    const half = Math.ceil(options.prompts.length / 2);
    const blocks = [options.prompts.slice(0, half), options.prompts.slice(half)];
    const quiet: Timed[] = [];
    const flood: Timed[] = [];
    let quietCpu = { cpuMs: 0, wallMs: 0 };
    let floodCpu = { cpuMs: 0, wallMs: 0 };
    let counts = { notifications: 0, lists: 0 };
    for (const [round, block] of blocks.entries()) {
      benchLog(`hostile: round ${round + 1}: ${block.length} searches quiet, then while flooding`);
      quietCpu = add(
        quietCpu,
        await withCpu(pid, async () => quiet.push(...(await timeSearches(client, block)))),
      );
      await callThroughGateway(client, 'flooding__start_flood', { everyMs: FLOOD_EVERY_MS });
      await new Promise((resolve) => setTimeout(resolve, FLOOD_LEAD_MS));
      floodCpu = add(
        floodCpu,
        await withCpu(pid, async () => flood.push(...(await timeSearches(client, block)))),
      );
      const stopped = await callThroughGateway(client, 'flooding__stop_flood', {});
      counts = JSON.parse(textOf(stopped)) as typeof counts;
    }
    benchLog(
      `hostile: flood sent ${counts.notifications} notifications, answered ${counts.lists} tools/list; now stalling`,
    );
    await callThroughGateway(client, 'stalling__stall', {});
    const stalled = await timeSearches(client, options.prompts);
    return {
      tools: options.tools,
      staleAfterMs: DEFAULT_STALE_AFTER_MS,
      quiet: rowOf(quiet),
      flood: {
        ...rowOf(flood),
        perSecond: 1000 / FLOOD_EVERY_MS,
        notifications: counts.notifications,
        lists: counts.lists,
        gatewayCpu: round(floodCpu.cpuMs / floodCpu.wallMs, 2),
      },
      quietCpu: round(quietCpu.cpuMs / quietCpu.wallMs, 2),
      stalled: rowOf(stalled),
    };
  } catch (error) {
    throw new Error(`${String(error)}\nGateway stderr (tail):\n${gateway.stderrTail()}`, { cause: error });
  } finally {
    await gateway.stop();
  }
}

// --- internal ---

/** The gateway's default `--stale-after` (docs/gateway.md). */
const DEFAULT_STALE_AFTER_MS = 2_000;
/** 100 notifications a second, as in the report this part answers. */
const FLOOD_EVERY_MS = 10;
/** The flood runs this long before the first timed search. */
const FLOOD_LEAD_MS = 1_000;
/** A first start embeds every tool (minutes at 10k tools on 2 busy cores). */
const FIRST_SEARCH_TIMEOUT_MS = 30 * 60_000;

interface Timed {
  ms: number;
  isStale: boolean;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function nodeScript(script: string): StdioServer {
  return { command: process.execPath, args: [script] };
}

async function timeSearches(
  client: Parameters<typeof searchTools>[0],
  prompts: readonly string[],
): Promise<Timed[]> {
  const timed: Timed[] = [];
  for (const prompt of prompts) {
    const begun = performance.now();
    const result: CallToolResult = await searchTools(client, prompt);
    const ms = performance.now() - begun;
    const stale = (result.structuredContent as { stale?: unknown[] } | undefined)?.stale ?? [];
    timed.push({ ms, isStale: stale.length > 0 });
  }
  return timed;
}

function rowOf(timed: readonly Timed[]): HostileRow {
  const latencies = timed.map((entry) => entry.ms);
  return {
    searches: timed.length,
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    max: round(Math.max(0, ...latencies)),
    stale: timed.filter((entry) => entry.isStale).length,
  };
}

/** Run `work`, measuring the CPU time (user + system) process `pid` spent meanwhile, from /proc. */
async function withCpu(
  pid: number,
  work: () => Promise<unknown>,
): Promise<{ cpuMs: number; wallMs: number }> {
  const before = await cpuMsOf(pid);
  const begun = performance.now();
  await work();
  const wallMs = performance.now() - begun;
  return { cpuMs: (await cpuMsOf(pid)) - before, wallMs };
}

function add(a: { cpuMs: number; wallMs: number }, b: { cpuMs: number; wallMs: number }) {
  return { cpuMs: a.cpuMs + b.cpuMs, wallMs: a.wallMs + b.wallMs };
}

/** utime + stime of a process in ms (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

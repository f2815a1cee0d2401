// Gateway bench (a script, not a test): what `toolsift gateway` adds to a `call_tool` against real MCP servers
// (compared with calling them directly, same run), `search_tools` at 10k upstream tools, and 50 concurrent HTTP
// clients for 30 s, and `search_tools` while one upstream floods list_changed or never answers tools/list. Run: `pnpm bench:gateway` (`--quick`: 1k tools, 5 s, 100 calls).
// Options: --tools N, --calls N, --clients N, --seconds S, --fresh-index, --direct-only (no gateway).
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { timingPrompts } from './bench-process.js';
import { benchLog, benchResults } from './bench-results.js';
import { measureCallLatency } from './gateway-calls.js';
import { type HostileFigures, measureHostile } from './gateway-hostile.js';
import { measureDirectHttpLoad, measureGatewayLoad, unauthorizedStatus } from './gateway-load.js';
import { hasGatewayCommand, hasGatewayOption } from './gateway-process.js';
import { errorsOf, type GatewayBenchResult, renderGatewayReport } from './gateway-report.js';
import { measureFixtureListing, measureSearch } from './gateway-search.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tools: { type: 'string' },
    calls: { type: 'string' },
    clients: { type: 'string' },
    seconds: { type: 'string' },
    'fresh-index': { type: 'boolean', default: false },
    'direct-only': { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
const options = {
  quick,
  tools: count(values.tools, quick ? 1_000 : 10_000, '--tools'),
  calls: count(values.calls, quick ? 100 : 500, '--calls'),
  warmUp: quick ? 20 : 50,
  searches: quick ? 100 : 300,
  searchWarmUp: quick ? 20 : 100,
  hostileSearches: quick ? 40 : 200,
  clients: count(values.clients, 50, '--clients'),
  seconds: count(values.seconds, quick ? 5 : 30, '--seconds'),
};

const started = performance.now();
const loadAtStart = os.loadavg()[0] ?? 0;
const hasGateway = values['direct-only'] !== true && hasGatewayCommand();
if (!hasGateway) benchLog('no gateway measured (--direct-only, or no `toolsift gateway` command yet)');
const { prompts, warmUp } = await timingPrompts({ count: options.searches, warmUp: options.searchWarmUp });
// The load part's token: random per run, never printed.
const token = randomBytes(24).toString('base64url');

const calls = await measureCallLatency({
  calls: options.calls,
  warmUp: options.warmUp,
  withGateway: hasGateway,
});
let search: GatewayBenchResult['search'];
let fixtureListing: GatewayBenchResult['fixtureListing'];
let load: GatewayBenchResult['load'];
if (hasGateway) {
  const measured = await measureSearch({
    tools: options.tools,
    prompts,
    warmUp,
    token,
    freshIndex: values['fresh-index'] === true,
  });
  search = measured.figures;
  try {
    const status = await unauthorizedStatus(measured.gateway.url);
    load = {
      ...(await measureGatewayLoad({
        gateway: measured.gateway,
        token,
        clients: options.clients,
        seconds: options.seconds,
        prompts: [...prompts, ...warmUp],
      })),
      unauthorizedStatus: status,
    };
  } finally {
    await measured.gateway.stop();
  }
} else {
  fixtureListing = await measureFixtureListing(options.tools);
}
// Searches while an upstream misbehaves: a gateway of its own, so that the figures above stay comparable with
// earlier runs (its index lives beside theirs).
let hostile: HostileFigures | undefined;
if (hasGateway && hasGatewayOption('--stale-after')) {
  hostile = await measureHostile({
    tools: options.tools,
    prompts: prompts.slice(0, options.hostileSearches),
    warmUp: warmUp.slice(0, 20),
  });
}
const baselineLoad = await measureDirectHttpLoad({ clients: options.clients, seconds: options.seconds });

const { dir, meta } = await benchResults({ embedder: 'use-lite', started });
const result: GatewayBenchResult = {
  date: meta.date,
  minutes: meta.minutes,
  options: {
    quick,
    calls: options.calls,
    warmUp: options.warmUp,
    searches: options.searches,
    searchWarmUp: options.searchWarmUp,
  },
  loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
  hasGateway,
  calls,
  ...(search === undefined ? {} : { search }),
  ...(fixtureListing === undefined ? {} : { fixtureListing }),
  ...(load === undefined ? {} : { load }),
  ...(hostile === undefined ? {} : { hostile }),
  baselineLoad,
};
const report = renderGatewayReport(result);
console.log(report);
// A shortened or gateway-less run prints its figures but leaves the reference results alone.
if (quick || !hasGateway) benchLog('shortened or without a gateway: bench/results/ left as it was');
else {
  await writeFile(path.join(dir, 'gateway.md'), report);
  await writeFile(path.join(dir, 'gateway.json'), `${JSON.stringify(result, null, 2)}\n`);
  benchLog('wrote bench/results/gateway.md and gateway.json');
}
if (load !== undefined && (errorsOf(load) > 0 || load.unauthorizedStatus !== 401)) process.exitCode = 1;

// --- internal ---

function count(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new Error(`gateway bench: ${flag} takes a whole number >= 1, got "${value}"`);
  }
  return parsed;
}
